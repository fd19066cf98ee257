import { z } from 'zod';
import { text } from './common.js';

/** The longest organisation name (the sign-in page shows it under the product's name). */
export const ORG_NAME_MAX = 100;

/**
 * The first run of an installation (issue 27 §7): done once an administrator completed or skipped
 * the setup screen, or as soon as any brand exists (an installation already in use is set up).
 */
export const SetupState = z.object({
  done: z.boolean(),
  org_name: z.string().nullable(),
  /** When the setup screen was completed or skipped (null: never, even if `done` by its brands). */
  finished_at: z.string().nullable(),
});
export type SetupState = z.infer<typeof SetupState>;

export const OrgNameBody = z.strictObject({ name: text().trim().min(1).max(ORG_NAME_MAX) });
export type OrgNameBody = z.input<typeof OrgNameBody>;

export const SETUP_OUTCOMES = ['completed', 'skipped'] as const;
export const SetupFinishBody = z.strictObject({ outcome: z.enum(SETUP_OUTCOMES) });
export type SetupFinishBody = z.input<typeof SetupFinishBody>;

/** What anyone may know about the installation: the sign-in page names the organisation. */
export const OrgInfo = z.object({ name: z.string().nullable() });
export type OrgInfo = z.infer<typeof OrgInfo>;
