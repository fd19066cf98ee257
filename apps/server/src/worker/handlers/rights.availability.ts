import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { addDays, dayOf, recomputeAvailability } from '../../modules/availability/availability.js';
import { sendExpiryNotices } from '../../modules/expiryNotices/expiryNotices.js';
import { jobMedia } from '../../modules/brands/brands.mailFace.js';

/**
 * Daily (worker/start.ts): the assets whose availability changes today (an embargo's start has
 * come, an end has come within the brand's warning window or has passed), recomputed in batches
 * of `batch`, then the day's expiry notices. Idempotent: a re-run finds nothing left to change.
 */
export const rightsAvailability = defineHandler({
  schema: jobSchemas['rights.availability'],
  async run({ batch }, ctx) {
    const now = ctx.clock.now();
    const today = dayOf(now);
    let recomputed = 0;
    for (const brand of await ctx.repos.availability.brands()) {
      const warnBy = addDays(today, brand.expiry_warning_days);
      for (let after = 0; ;) {
        const ids = await ctx.repos.availability.due(brand.id, today, warnBy, after, batch);
        if (!ids.length) break;
        await ctx.tx(async (t) => {
          // Webhooks hear of each asset whose rights just ran out (modules/webhooks).
          for (const a of await recomputeAvailability(t.repos, ids, today))
            await t.emit('asset.expired', { assetId: a.id, brandId: a.brand_id });
        });
        recomputed += ids.length;
        after = ids[ids.length - 1]!;
        if (ids.length < batch) break;
      }
    }
    const notices = await sendExpiryNotices(
      ctx,
      today,
      now,
      (ctx.appUrl ?? '').replace(/\/$/, ''),
      jobMedia(ctx.appKey, ctx.clock),
    );
    if (recomputed || notices.notices) ctx.log.info({ recomputed, ...notices }, 'availability recomputed');
    return { recomputed, ...notices };
  },
});
