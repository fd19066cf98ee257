import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { BoolAnswer, LoginBody, MeResponse, TourBody, TourState } from './auth.js';
import { LoginAnswer } from './twoFactor.js';
import { Ok } from './common.js';

/** Auth (§7): sign-in and sign-out, the session, the guided tour; the account's own routes are account.routes.ts. */
export const authRoutes = {
  csrfCookie: def({
    method: 'GET',
    path: '/api/auth/csrf-cookie',
    access: 'public',
    summary: 'Sets the XSRF-TOKEN cookie',
    response: z.null(),
    status: 204,
  }),
  login: def({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    summary: 'Sign in; an account with two-factor answers the code step instead of a session',
    body: LoginBody,
    response: LoginAnswer,
  }),
  logout: def({
    method: 'POST',
    path: '/api/logout',
    access: 'user',
    sessionOnly: true,
    summary: 'Revoke the current token',
    response: Ok,
  }),
  me: def({
    method: 'GET',
    path: '/api/auth/me',
    access: 'user',
    summary: 'The signed-in user and permissions',
    response: MeResponse,
  }),
  updateTour: def({
    method: 'PATCH',
    path: '/api/auth/user/tour/update',
    access: { permission: 'user.tour' },
    summary: 'Record that the onboarding tour was completed or stopped',
    body: TourBody,
    response: TourState,
    rateLimit: { max: 30 },
  }),
  isAuth: def({
    method: 'GET',
    path: '/api/auth/check/isAuth',
    access: 'public',
    summary: 'Whether the caller is signed in',
    response: BoolAnswer,
  }),
  isGuest: def({
    method: 'GET',
    path: '/api/auth/check/isGuest',
    access: 'public',
    summary: 'Whether the caller is signed out',
    response: BoolAnswer,
  }),
  hasVerifiedEmail: def({
    method: 'GET',
    path: '/api/auth/check/hasVerifiedEmail',
    access: 'user',
    summary: 'Whether the caller verified their e-mail',
    response: BoolAnswer,
  }),
} as const;
