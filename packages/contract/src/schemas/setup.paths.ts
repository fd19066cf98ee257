/** Where each setup route lives, apart from its schemas (see auth.paths.ts). */
export const setupPaths = {
  orgInfo: { method: 'GET', path: '/api/organisation' },
  setupState: { method: 'GET', path: '/api/ops/setup' },
  setupOrgName: { method: 'PUT', path: '/api/ops/setup/organisation' },
  setupFinish: { method: 'POST', path: '/api/ops/setup/finish' },
} as const;
