/**
 * Where the signed-out browser's single sign-on routes live, apart from their schemas (see
 * auth.paths.ts); the administrators' routes keep theirs in sso.routes.ts.
 */
export const ssoPaths = {
  ssoProviders: { method: 'GET', path: '/api/sso/providers' },
  ssoStart: { method: 'GET', path: '/api/sso/providers/:id/start' },
  ssoCallback: { method: 'GET', path: '/api/sso/callback' },
  ssoComplete: { method: 'POST', path: '/api/sso/complete' },
  ssoLinkInfo: { method: 'POST', path: '/api/sso/link/info' },
  ssoLinkPassword: { method: 'POST', path: '/api/sso/link/password' },
  ssoLinkMail: { method: 'POST', path: '/api/sso/link/mail' },
  ssoLinkConfirm: { method: 'POST', path: '/api/sso/link/confirm' },
} as const;
