import { def } from '../routeDef.js';
import { IdParams } from './common.js';
import { UserStats, UserStatsBody } from './userStats.js';
import {
  ApproveUserBody,
  CreateUserBody,
  EditUserBody,
  StatusChangeBody,
  UserList,
  UserListQuery,
  UserResponse,
} from './users.js';

/** Users (§7): the administrators' user management. */
export const usersRoutes = {
  userStats: def({
    method: 'PUT',
    path: '/api/ops/users/statistics',
    access: { permission: 'user.view' },
    summary: 'Counts of the users the caller sees: by status, role and brand, and sign-ups by day',
    body: UserStatsBody,
    response: UserStats,
  }),
  usersAll: def({
    method: 'GET',
    path: '/api/ops/users/all',
    access: { permission: 'user.view' },
    summary: 'List users',
    query: UserListQuery,
    response: UserList,
  }),
  userCreate: def({
    method: 'POST',
    path: '/api/ops/users/create',
    access: { permission: 'user.manage' },
    summary: 'Create an active user',
    body: CreateUserBody,
    response: UserResponse,
    status: 201,
  }),
  userGet: def({
    method: 'GET',
    path: '/api/ops/users/:id',
    access: { permission: 'user.view' },
    summary: 'One user',
    params: IdParams,
    response: UserResponse,
  }),
  userEdit: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/edit',
    access: { permission: 'user.manage' },
    summary: 'Edit a user, roles, permissions and brands',
    params: IdParams,
    body: EditUserBody,
    response: UserResponse,
    rateLimit: { max: 60, code: 'USER_UPDATE_TOO_MANY' },
  }),
  userStatusChange: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/status/change',
    access: { permission: 'user.manage' },
    summary: 'Activate or deactivate a user',
    params: IdParams,
    body: StatusChangeBody,
    response: UserResponse,
  }),
  userUnlock: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/login/unlock',
    access: { permission: 'user.manage' },
    summary: 'Lift a sign-in lock left by too many failed attempts',
    params: IdParams,
    response: UserResponse,
  }),
  userApprove: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/status/approve',
    access: { permission: 'user.manage' },
    summary: 'Approve a registration, optionally choosing its roles and brands',
    params: IdParams,
    body: ApproveUserBody,
    response: UserResponse,
  }),
} as const;
