import { def } from '../core/routeDef.js';
import { accountPaths } from './account.paths.js';
import {
  EmailBody,
  MeResponse,
  RegisterBody,
  ResendVerificationBody,
  ResetCheckBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  VerifyEmailBody,
} from './auth.js';
import { Ok } from './common.js';

/** The account's own life (§7): sign-up, e-mail verification, password reset, profile and password. */
export const accountRoutes = {
  register: def({
    ...accountPaths.register,
    access: 'guest',
    summary: 'Request an account',
    body: RegisterBody,
    response: Ok,
    status: 201,
    rateLimit: { max: 10 },
  }),
  forgotPassword: def({
    ...accountPaths.forgotPassword,
    access: 'guest',
    summary: 'Mail a password reset link',
    body: EmailBody,
    response: Ok,
    rateLimit: { max: 5 },
  }),
  resetPasswordCheck: def({
    ...accountPaths.resetPasswordCheck,
    access: 'guest',
    summary: 'Whether a password reset link still works, before its form is shown',
    body: ResetCheckBody,
    response: Ok,
    rateLimit: { max: 20 },
  }),
  resetPassword: def({
    ...accountPaths.resetPassword,
    access: 'guest',
    summary: 'Set a new password with a reset token',
    body: ResetPasswordBody,
    response: Ok,
    rateLimit: { max: 10 },
  }),
  updateProfile: def({
    ...accountPaths.updateProfile,
    access: 'user',
    summary: 'Update own profile',
    body: UpdateProfileBody,
    response: MeResponse,
    rateLimit: { max: 30, code: 'USER_UPDATE_TOO_MANY' },
  }),
  updatePassword: def({
    ...accountPaths.updatePassword,
    access: 'user',
    sessionOnly: true,
    summary: 'Change own password',
    body: UpdatePasswordBody,
    response: Ok,
    rateLimit: { max: 10 },
  }),
  resendVerification: def({
    ...accountPaths.resendVerification,
    access: 'public',
    summary: 'Send the verification link again',
    body: ResendVerificationBody,
    response: Ok,
    status: 202,
    rateLimit: { max: 6 },
  }),
  verifyEmail: def({
    ...accountPaths.verifyEmail,
    access: 'public',
    summary: 'Verify an e-mail with a signed link',
    body: VerifyEmailBody,
    response: Ok,
    rateLimit: { max: 20 },
  }),
} as const;
