import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { CreateRoleBody, RoleList, RoleView, UpdateRoleBody } from './roles.js';

/** Roles (§2 roles.manage): role.view reads, role.manage (admins only) changes. */
export const rolesRoutes = {
  rolesAll: def({
    method: 'GET',
    path: '/api/ops/roles/all',
    access: { permission: 'role.view' },
    summary: 'List roles with their permissions and user counts',
    response: RoleList,
  }),
  roleCreate: def({
    method: 'POST',
    path: '/api/ops/roles/create',
    access: { permission: 'role.manage' },
    summary: 'Create a role',
    body: CreateRoleBody,
    response: RoleView,
    status: 201,
  }),
  roleUpdate: def({
    method: 'PATCH',
    path: '/api/ops/roles/:id/update',
    access: { permission: 'role.manage' },
    summary: 'Rename a role or change its permissions',
    params: IdParams,
    body: UpdateRoleBody,
    response: RoleView,
  }),
  roleDelete: def({
    method: 'DELETE',
    path: '/api/ops/roles/:id/delete',
    access: { permission: 'role.manage' },
    summary: 'Delete a role no user holds',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
