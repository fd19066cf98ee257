import { z } from 'zod';
import { CROP_FORMATS, CROP_MAX_PIXELS, CROP_MAX_SIDE } from './assets.js';
import { text } from './common.js';

/** The most channel presets one brand keeps (a menu, not a catalogue). */
export const CROP_PRESETS_MAX = 24;
/** The longest preset name ("Instagram post", "LinkedIn banner"). */
export const CROP_PRESET_NAME_MAX = 60;

/**
 * A brand's channel preset for cropped downloads (issue 25 §3): a name and an output size in
 * pixels, and optionally the format the channel wants. The crop dialog frames the image to the
 * preset's aspect and sets its size.
 */
export const CropPreset = z.object({
  id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(CROP_FORMATS).nullable(),
});
export type CropPreset = z.infer<typeof CropPreset>;

export const CropPresetsResponse = z.object({
  brand_id: z.number().int(),
  presets: z.array(CropPreset),
  abilities: z.object({ update: z.boolean() }),
});
export type CropPresetsResponse = z.infer<typeof CropPresetsResponse>;

const Side = z.number().int().min(1).max(CROP_MAX_SIDE);
const PresetInput = z
  .strictObject({
    name: text().trim().min(1).max(CROP_PRESET_NAME_MAX),
    width: Side,
    height: Side,
    format: z.enum(CROP_FORMATS).nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.width * p.height > CROP_MAX_PIXELS)
      ctx.addIssue({ code: 'custom', path: ['width'], params: { key: 'cropTooLarge' }, input: p.width });
  });

/** The brand's whole list, in the order shown: it replaces the stored one. Names are unique. */
export const CropPresetsBody = z
  .strictObject({ presets: z.array(PresetInput).max(CROP_PRESETS_MAX) })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.presets.forEach((p, i) => {
      const key = p.name.toLocaleLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['presets', i, 'name'], params: { key: 'duplicateName' }, input: p.name });
      seen.add(key);
    });
  });
export type CropPresetsBody = z.input<typeof CropPresetsBody>;

/** Sizes brand teams crop to most, offered as one-click additions in the presets editor. */
export const CROP_PRESET_SUGGESTIONS: readonly { name: string; width: number; height: number }[] = [
  { name: 'Instagram post', width: 1080, height: 1350 },
  { name: 'Instagram square', width: 1080, height: 1080 },
  { name: 'Instagram story', width: 1080, height: 1920 },
  { name: 'Facebook post', width: 1200, height: 630 },
  { name: 'LinkedIn post', width: 1200, height: 627 },
  { name: 'X post', width: 1600, height: 900 },
  { name: 'YouTube thumbnail', width: 1280, height: 720 },
  { name: 'Web hero', width: 1920, height: 1080 },
];
