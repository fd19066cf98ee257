/**
 * Where each auth route lives, apart from its schemas (auth.routes.ts adds them): the sign-in
 * screens call these by path, so the first page loads without zod and the answers' schemas.
 */
export const authPaths = {
  csrfCookie: { method: 'GET', path: '/api/auth/csrf-cookie' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'POST', path: '/api/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  updateTour: { method: 'PATCH', path: '/api/auth/user/tour/update' },
  isAuth: { method: 'GET', path: '/api/auth/check/isAuth' },
  isGuest: { method: 'GET', path: '/api/auth/check/isGuest' },
  hasVerifiedEmail: { method: 'GET', path: '/api/auth/check/hasVerifiedEmail' },
} as const;
