import type { Actor } from '../../access/principal.js';
import { watermarksPolicy } from '../brands/watermarks.policy.js';

export type CropPresetAction = 'view' | 'update';

/**
 * Whoever sees the brand reads its crop presets (seeing it is the brands policy's); its managers
 * set them, as they set its watermark.
 */
export const cropPresetsPolicy = {
  can: (actor: Actor, action: CropPresetAction) => action === 'view' || watermarksPolicy.update(actor),
  abilities: (actor: Actor) => ({ update: cropPresetsPolicy.can(actor, 'update') }),
};
