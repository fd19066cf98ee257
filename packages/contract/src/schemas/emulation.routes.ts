import { def } from '../core/routeDef.js';
import { LoginResponse } from './auth.js';
import { IdParams } from './common.js';

/**
 * Emulation (§4, §7): an administrator acts as another user until finishing. Each answers a new
 * session (token and the `me` view): the emulated user's with `emulator.admin_id`, then the
 * administrator's again.
 */
export const emulationRoutes = {
  userSwitch: def({
    method: 'POST',
    path: '/api/ops/users/:id/switch',
    access: { permission: 'user.emulate' },
    sessionOnly: true,
    summary: 'Start acting as another user (administrators only; never another administrator)',
    params: IdParams,
    response: LoginResponse,
  }),
  userSwitchEnd: def({
    method: 'POST',
    path: '/api/ops/users/:id/switch/end',
    access: 'user',
    sessionOnly: true,
    summary: "Finish emulating: `id` is the administrator's (`emulator.admin_id`)",
    params: IdParams,
    response: LoginResponse,
  }),
} as const;
