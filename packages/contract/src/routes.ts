import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { PermissionName, RoleName } from './permissions.js';
import {
  BoolAnswer,
  EmailBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  RegisterBody,
  ResendVerificationBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  VerifyEmailBody,
} from './schemas/auth.js';
import { BrandList } from './schemas/brands.js';
import { IdParams, Ok } from './schemas/common.js';
import { CreateUserBody, EditUserBody, StatusChangeBody, UserList, UserListQuery, UserResponse } from './schemas/users.js';

/**
 * Who may call a route: anyone, only a signed-out caller, any signed-in user, or a signed-in
 * user holding a permission or role. Object-level rules (brand assignment, visibility) are the
 * services' policies.
 */
export type Access =
  | 'public'
  | 'guest'
  | 'user'
  | { permission: PermissionName }
  | { role: RoleName };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
  /** Rate limit per caller (user or IP) and route: at most `max` calls a minute. */
  rateLimit?: { max: number; code?: ErrorCode };
}

const def = <T extends RouteDef>(r: T) => r;

export const routes = {
  health: def({ method: 'GET', path: '/api/health', access: 'public', summary: 'Readiness', response: z.object({ status: z.literal('ok') }) }),

  // ---- Auth (§7)
  csrfCookie: def({ method: 'GET', path: '/api/auth/csrf-cookie', access: 'public', summary: 'Sets the XSRF-TOKEN cookie', response: z.null(), status: 204 }),
  login: def({ method: 'POST', path: '/api/login', access: 'public', summary: 'Sign in', body: LoginBody, response: LoginResponse }),
  logout: def({ method: 'POST', path: '/api/logout', access: 'user', summary: 'Revoke the current token', response: Ok }),
  register: def({ method: 'POST', path: '/api/auth/register', access: 'guest', summary: 'Request an account', body: RegisterBody, response: Ok, status: 201, rateLimit: { max: 10 } }),
  me: def({ method: 'GET', path: '/api/auth/me', access: 'user', summary: 'The signed-in user and permissions', response: MeResponse }),
  forgotPassword: def({ method: 'POST', path: '/api/auth/forgot-password', access: 'guest', summary: 'Mail a password reset link', body: EmailBody, response: Ok, rateLimit: { max: 5 } }),
  resetPassword: def({ method: 'POST', path: '/api/auth/reset-password', access: 'guest', summary: 'Set a new password with a reset token', body: ResetPasswordBody, response: Ok, rateLimit: { max: 10 } }),
  updateProfile: def({ method: 'PATCH', path: '/api/auth/user/update', access: 'user', summary: 'Update own profile', body: UpdateProfileBody, response: MeResponse, rateLimit: { max: 30, code: 'USER_UPDATE_TOO_MANY' } }),
  updatePassword: def({ method: 'PATCH', path: '/api/auth/user/password/update', access: 'user', summary: 'Change own password', body: UpdatePasswordBody, response: Ok, rateLimit: { max: 10 } }),
  isAuth: def({ method: 'GET', path: '/api/auth/check/isAuth', access: 'public', summary: 'Whether the caller is signed in', response: BoolAnswer }),
  isGuest: def({ method: 'GET', path: '/api/auth/check/isGuest', access: 'public', summary: 'Whether the caller is signed out', response: BoolAnswer }),
  hasVerifiedEmail: def({ method: 'GET', path: '/api/auth/check/hasVerifiedEmail', access: 'user', summary: 'Whether the caller verified their e-mail', response: BoolAnswer }),
  resendVerification: def({ method: 'POST', path: '/api/auth/email/verification-notification', access: 'public', summary: 'Send the verification link again', body: ResendVerificationBody, response: Ok, status: 202, rateLimit: { max: 6 } }),
  verifyEmail: def({ method: 'POST', path: '/api/auth/email/verify', access: 'public', summary: 'Verify an e-mail with a signed link', body: VerifyEmailBody, response: Ok, rateLimit: { max: 20 } }),

  // ---- Users (§7)
  usersAll: def({ method: 'GET', path: '/api/ops/users/all', access: { permission: 'user.view' }, summary: 'List users', query: UserListQuery, response: UserList }),
  userCreate: def({ method: 'POST', path: '/api/ops/users/create', access: { permission: 'user.manage' }, summary: 'Create an active user', body: CreateUserBody, response: UserResponse, status: 201 }),
  userGet: def({ method: 'GET', path: '/api/ops/users/:id', access: { permission: 'user.view' }, summary: 'One user', params: IdParams, response: UserResponse }),
  userEdit: def({ method: 'PATCH', path: '/api/ops/users/:id/edit', access: { permission: 'user.manage' }, summary: 'Edit a user, roles, permissions and brands', params: IdParams, body: EditUserBody, response: UserResponse, rateLimit: { max: 60, code: 'USER_UPDATE_TOO_MANY' } }),
  userStatusChange: def({ method: 'PATCH', path: '/api/ops/users/:id/status/change', access: { permission: 'user.manage' }, summary: 'Activate or deactivate a user', params: IdParams, body: StatusChangeBody, response: UserResponse }),
  userApprove: def({ method: 'PATCH', path: '/api/ops/users/:id/status/approve', access: { permission: 'user.manage' }, summary: 'Approve a registration', params: IdParams, response: UserResponse }),

  // ---- Brands (the caller's own; management comes with the brands capability)
  brandList: def({ method: 'GET', path: '/api/ops/brand/list', access: 'user', summary: "The caller's brands", response: BrandList }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : never;
export type RouteBody<N extends RouteName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type RouteQuery<N extends RouteName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteParams<N extends RouteName> = Infer<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteResponse<N extends RouteName> = Out<Routes[N]['response']>;
