import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { authPaths } from './auth.paths.js';
import { BoolAnswer, LoginBody, MeResponse, TourBody, TourState } from './auth.js';
import { LoginAnswer } from './twoFactor.js';
import { Ok } from './common.js';

/** Auth (§7): sign-in and sign-out, the session, the guided tour; the account's own routes are account.routes.ts. */
export const authRoutes = {
  csrfCookie: def({
    ...authPaths.csrfCookie,
    access: 'public',
    summary: 'Sets the XSRF-TOKEN cookie',
    response: z.null(),
    status: 204,
  }),
  login: def({
    ...authPaths.login,
    access: 'public',
    summary: 'Sign in; an account with two-factor answers the code step instead of a session',
    body: LoginBody,
    response: LoginAnswer,
  }),
  logout: def({
    ...authPaths.logout,
    access: 'user',
    sessionOnly: true,
    summary: 'Revoke the current token',
    response: Ok,
  }),
  me: def({
    ...authPaths.me,
    access: 'user',
    summary: 'The signed-in user and permissions',
    response: MeResponse,
  }),
  updateTour: def({
    ...authPaths.updateTour,
    access: { permission: 'user.tour' },
    summary: 'Record that the onboarding tour was completed or stopped',
    body: TourBody,
    response: TourState,
    rateLimit: { max: 30 },
  }),
  isAuth: def({
    ...authPaths.isAuth,
    access: 'public',
    summary: 'Whether the caller is signed in',
    response: BoolAnswer,
  }),
  isGuest: def({
    ...authPaths.isGuest,
    access: 'public',
    summary: 'Whether the caller is signed out',
    response: BoolAnswer,
  }),
  hasVerifiedEmail: def({
    ...authPaths.hasVerifiedEmail,
    access: 'user',
    summary: 'Whether the caller verified their e-mail',
    response: BoolAnswer,
  }),
} as const;
