import type { GuidelineLink, GuidelineLinkBody } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, seal, unseal } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { created } from '../audit/audit.trail.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { linkExpiry } from '../shareLinks/linkExpiry.js';
import { guidelineLinksPolicy, stateOf } from './guidelineLinks.policy.js';
import type { GuidelineLinkListRow } from './guidelineLinks.repo.js';
import { GUIDELINE_LINK_SEAL, guidelineLinkPath, guidelineLinkTokenHash } from './guidelineLinks.token.js';

/**
 * The managers' side of public guidelines links (issue 45): make, list and revoke a brand's
 * links. The holder's side (opening one, reading pages and files through it) is
 * `guidelineLinks.holder.ts`.
 */
export function guidelineLinksService(deps: Deps) {
  const { repos, clock, appKey, config } = deps;
  const now = () => iso(clock.now());

  const item = (r: GuidelineLinkListRow): GuidelineLink => {
    const token = unseal(appKey, GUIDELINE_LINK_SEAL, r.token_enc);
    return {
      id: r.id,
      brand_id: r.brand_id,
      link: token ? `${config.appUrl}${guidelineLinkPath(token)}` : null,
      expires_at: r.expires_at,
      has_password: r.password_hash !== null,
      allow_download: r.allow_download === 1,
      views: r.views,
      state: stateOf(r, now()),
      created_by: { id: r.owner_id, name: `${r.owner_first} ${r.owner_last}`.trim() },
      created_at: r.created_at,
    };
  };
  const managed = async (ctx: RequestContext, brandId: number) => {
    const brand = await visibleBrand(repos, ctx.actor, brandId);
    authorize(guidelineLinksPolicy.manage(ctx.actor));
    return brand;
  };

  return {
    async create(ctx: RequestContext, brandId: number, body: z.output<typeof GuidelineLinkBody>) {
      const brand = await managed(ctx, brandId);
      if (body.allow_download && !guidelineLinksPolicy.grantsDownload(ctx.actor))
        throw invalid({ allow_download: 'grant' });
      const token = randomToken(32);
      const at = now();
      const expiresAt = linkExpiry(clock.now(), body.expiry_unit, body.expiry_amount);
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const id = await deps.change(ctx, async (u) => {
        const id = await u.repos.guidelineLinks.insert({
          brand_id: brandId,
          owner_id: ctx.actor.user.id,
          token_hash: guidelineLinkTokenHash(appKey, token),
          token_enc: seal(appKey, GUIDELINE_LINK_SEAL, token),
          password_hash: passwordHash,
          allow_download: body.allow_download ? 1 : 0,
          expires_at: expiresAt,
          revoked_at: null,
          created_at: at,
          updated_at: at,
        });
        await u.audit({
          event: 'guideline.link.create',
          target: { type: 'guideline_link', id, label: brand.name },
          changes: created({ expires_at: expiresAt }),
          info: {
            brand: brandId,
            expires_at: expiresAt,
            password: passwordHash !== null,
            allow_download: body.allow_download,
          },
        });
        return id;
      });
      return { link: item(found(await repos.guidelineLinks.listRow(id))) };
    },

    async list(ctx: RequestContext, brandId: number) {
      await managed(ctx, brandId);
      return { items: (await repos.guidelineLinks.list(brandId)).map(item) };
    },

    async revoke(ctx: RequestContext, brandId: number, linkId: number) {
      const brand = await managed(ctx, brandId);
      const row = await repos.guidelineLinks.listRow(linkId);
      if (!row || row.brand_id !== brandId) throw new AppError('NOT_FOUND');
      if (row.revoked_at === null)
        await deps.change(ctx, async (u) => {
          const at = now();
          await u.repos.guidelineLinks.revoke(linkId, at);
          await u.audit({
            event: 'guideline.link.revoke',
            target: { type: 'guideline_link', id: linkId, label: brand.name },
            changes: { revoked_at: { before: null, after: at } },
            info: { brand: brandId },
          });
        });
      return { link: item(found(await repos.guidelineLinks.listRow(linkId))) };
    },
  };
}
