import { def } from '../core/routeDef.js';
import { setupPaths } from './setup.paths.js';
import { OrgInfo, OrgNameBody, SetupFinishBody, SetupState } from './setup.js';

/** The installation's first run and the organisation it belongs to (issue 27 §7). */
export const setupRoutes = {
  orgInfo: def({
    ...setupPaths.orgInfo,
    access: 'public',
    summary: "The organisation's name, for the sign-in page (null until an administrator names it)",
    response: OrgInfo,
  }),
  setupState: def({
    ...setupPaths.setupState,
    access: { role: 'admin' },
    summary: 'Whether the first-run setup is done, and the organisation name',
    response: SetupState,
  }),
  setupOrgName: def({
    ...setupPaths.setupOrgName,
    access: { role: 'admin' },
    summary: 'Name the organisation',
    body: OrgNameBody,
    response: SetupState,
  }),
  setupFinish: def({
    ...setupPaths.setupFinish,
    access: { role: 'admin' },
    summary: 'Mark the first-run setup completed or skipped',
    body: SetupFinishBody,
    response: SetupState,
  }),
} as const;
