/** Where each account route lives, apart from its schemas (see auth.paths.ts). */
export const accountPaths = {
  register: { method: 'POST', path: '/api/auth/register' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPasswordCheck: { method: 'POST', path: '/api/auth/reset-password/check' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  updateProfile: { method: 'PATCH', path: '/api/auth/user/update' },
  updatePassword: { method: 'PATCH', path: '/api/auth/user/password/update' },
  resendVerification: { method: 'POST', path: '/api/auth/email/verification-notification' },
  verifyEmail: { method: 'POST', path: '/api/auth/email/verify' },
} as const;
