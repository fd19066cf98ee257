import { z } from 'zod';
import { Id, Timestamp, text } from './common.js';
import { LoginResponse } from './auth.js';

/** Two-factor sign-in codes (issue 41 §2): TOTP with SHA-1, 6 digits, 30 s steps, ±1 step of drift. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
/** Recovery codes handed out at once; each signs in once. */
export const TWO_FACTOR_RECOVERY_CODES = 10;
/** Codes tried per account, and per address, within the window before a 429. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const TWO_FACTOR_IP_MAX = 20;
export const TWO_FACTOR_WINDOW_SECONDS = 300;
/** How long the step between the password and the code may take. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;

const squeeze = (v: string) => v.replace(/[\s-]/g, '').toLowerCase();

/** A 6-digit code from the authenticator app; spaces are forgiven. */
export const TotpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));
/** A recovery code as shown (`abcde-fghij`); case, spaces and the dash are forgiven. */
export const RecoveryCode = z
  .string()
  .max(40)
  .transform(squeeze)
  .pipe(z.string().regex(/^[a-z0-9]{10}$/));

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: Timestamp.nullable(),
  recovery_codes_left: z.number().int(),
  /** One of the user's roles requires two-factor sign-in: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** The one answer that carries the secret: shown while turning two-factor on, never again. */
export const TwoFactorEnrolment = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The `otpauth://` URI as a QR code, an SVG data URL. */
  qr: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

export const TwoFactorCodeBody = z.strictObject({ code: TotpCode });
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** Proof that the person at the keyboard is the owner: the current password or a current code. */
export const TwoFactorProofBody = z
  .strictObject({ password: text().max(1024).optional(), code: TotpCode.optional() })
  .superRefine((b, ctx) => {
    if (!b.password && !b.code) ctx.addIssue({ code: 'custom', path: ['password'], params: { key: 'twoFactorProof' } });
  });
export type TwoFactorProofBody = z.input<typeof TwoFactorProofBody>;

export const TWO_FACTOR_STEPS = ['code', 'setup'] as const;
/** A correct password whose account needs a code (`code`) or must first set two-factor up (`setup`). */
export const LoginTwoFactorStep = z.object({ two_factor: z.enum(TWO_FACTOR_STEPS), challenge: z.string() });
export type LoginTwoFactorStep = z.infer<typeof LoginTwoFactorStep>;
export const LoginAnswer = z.union([LoginResponse, LoginTwoFactorStep]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

const Challenge = z.string().min(1).max(1000);
/** The second sign-in step: the challenge with a code from the app or one recovery code. */
export const LoginCodeBody = z
  .strictObject({ challenge: Challenge, code: TotpCode.optional(), recovery_code: RecoveryCode.optional() })
  .superRefine((b, ctx) => {
    if (!b.code && !b.recovery_code) ctx.addIssue({ code: 'custom', path: ['code'], params: { key: 'required' } });
  });
export type LoginCodeBody = z.input<typeof LoginCodeBody>;
export const LoginChallengeBody = z.strictObject({ challenge: Challenge });
export const LoginEnableBody = z.strictObject({ challenge: Challenge, code: TotpCode });
export const LoginEnabledAnswer = LoginResponse.extend({ recovery_codes: z.array(z.string()) });
export type LoginEnabledAnswer = z.infer<typeof LoginEnabledAnswer>;

export const UserTwoFactor = z.object({ enabled: z.boolean(), enabled_at: Timestamp.nullable() });
export const RoleTwoFactor = z.object({ id: Id, name: z.string(), required: z.boolean() });
export const RoleTwoFactorList = z.object({ data: z.array(RoleTwoFactor) });
export type RoleTwoFactor = z.infer<typeof RoleTwoFactor>;
export const RoleTwoFactorBody = z.strictObject({ required: z.boolean() });
