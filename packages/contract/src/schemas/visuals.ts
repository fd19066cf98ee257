import { z } from 'zod';

/** Dominant colours and look-alikes of assets (issue 42 §4). */
export const VISUALS_STATES = ['pending', 'done', 'skipped', 'failed'] as const;

export const VisualColour = z.object({ hex: z.string(), share: z.number() });

/** Another asset that looks like this one: `distance` is the Hamming distance of their hashes (0–64). */
export const LookAlike = z.object({
  asset_id: z.number().int(),
  name: z.string(),
  folder_name: z.string(),
  distance: z.number().int(),
  thumbnail_url: z.string().nullable(),
});

/** `look_alike`: the nearest near-duplicate the caller may see (distance ≤ 6), for the notice. */
export const AssetVisuals = z.object({
  state: z.enum(VISUALS_STATES),
  reason: z.string().nullable(),
  colours: z.array(VisualColour),
  look_alike: LookAlike.nullable(),
});
export const AssetVisualsResponse = z.object({ visuals: AssetVisuals });
export const SimilarResponse = z.object({ items: z.array(LookAlike) });
export const VisualsBackfillQueued = z.object({ job_id: z.number().int(), total: z.number().int() });

export type AssetVisuals = z.infer<typeof AssetVisuals>;
export type LookAlike = z.infer<typeof LookAlike>;
