import type { Lang, ShareBody, ShareExpiryUnit, ShareLinkAdminQuery, ShareLinkUpdateBody } from '@brandvault/contract';
import { SHARED_WITH_ME_MAX, SHARE_RECIPIENTS_LIMIT } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, seal } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { mails } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import { created } from '../audit/audit.trail.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { collectionsPolicy } from '../collections/collections.policy.js';
import { requireAccess } from '../access/requireAccess.js';
import { shareLinkAccess, shareLinksPolicy } from './shareLinks.policy.js';
import type { ShareLinkRow } from './shareLinks.repo.js';
import { SEAL, linkPath, sharedLinkPath } from './path/sharedLinkPath.js';
import { tokenHashOf } from './shareLinks.token.js';
import { linkExpiry } from './linkExpiry.js';
import { brandFaceOfPath } from './shareLinks.brandFace.js';
import { shareLinkItem } from './shareLinks.view.js';
import { mailFace } from '../brands/brands.view.js';

const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');
const target = (row: { id: number }, name: string) => ({ type: 'share_link', id: row.id, label: name }) as const;

/**
 * The owner's side of share links: what a signed-in user does with their links (create, list,
 * edit, revoke) and what administrators do with everyone's. The link holder's side (opening a
 * link, browsing and downloading through it) is `shareLinks.holder.service.ts`.
 */
export function shareLinksService(deps: Deps) {
  const { repos, clock, appKey, config } = deps;
  const now = () => iso(clock.now());
  const expiryOf = (unit: ShareExpiryUnit, amount: number) => linkExpiry(clock.now(), unit, amount);
  const linkUrl = (row: ShareLinkRow) => {
    const path = sharedLinkPath(appKey, row);
    return path ? `${config.appUrl}${path}` : null;
  };

  async function managed(actor: Actor, id: number, action: 'view' | 'revoke' | 'update') {
    const row = (await requireAccess(repos, { actor, permission: 'view', kind: shareLinkAccess, ids: [id] }))[0]!;
    if (!shareLinksPolicy.reachesAllOwners(actor) && !(await repos.users.sharesBrand(actor.user.id, row.owner_id)))
      throw new AppError('NOT_FOUND');
    if (!shareLinksPolicy.can(actor, action, row)) throw new AppError('FORBIDDEN');
    return row;
  }
  const item = async (actor: Actor, id: number) => {
    const r = found(await repos.shareLinks.listRow(id));
    return shareLinkItem(actor, r, r.owner_id === actor.user.id ? linkUrl(r) : null, now());
  };

  return {
    /** The brand a sign-in return path names, when it is a live share link (else null). */
    brandFaceOfPath: (next: string) => brandFaceOfPath(deps, next),
    async create(ctx: RequestContext, collectionId: number, body: z.output<typeof ShareBody>) {
      const { actor } = ctx;
      const collection = await repos.collections.byId(collectionId);
      if (!collection || !collectionsPolicy.can(actor, 'view', collection)) throw new AppError('NOT_FOUND');
      if (body.allow_download && !shareLinksPolicy.grantsDownload(actor)) throw invalid({ allow_download: 'grant' });
      const userIds = body.audience === 'users' ? [...new Set(body.user_ids)] : [];
      const recipients = await repos.shareLinks.recipientsOf(actor.user.id, userIds, brandsPolicy.seesAllBrands(actor));
      if (recipients.length !== userIds.length) throw invalid({ user_ids: 'invalid' });
      const token = randomToken(32);
      const at = now();
      const expiresAt = expiryOf(body.expiry_unit, body.expiry_amount);
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const url = `${config.appUrl}${linkPath(collectionId, token, body.audience)}`;
      const by = `${actor.user.first_name} ${actor.user.last_name}`;
      const id = await deps.change(ctx, async (u) => {
        const newId = await u.repos.shareLinks.insert(
          {
            collection_id: collectionId,
            owner_id: actor.user.id,
            token_hash: tokenHashOf(appKey, token),
            token_enc: seal(appKey, SEAL, token),
            audience: body.audience,
            password_hash: passwordHash,
            allow_download: body.allow_download ? 1 : 0,
            watermark: body.watermark ? 1 : 0,
            traceable: body.traceable ? 1 : 0,
            message: body.message || null,
            expires_at: expiresAt,
            created_at: at,
            updated_at: at,
          },
          userIds,
        );
        await u.audit({
          event: 'share_link.create',
          target: target({ id: newId }, collection.name),
          changes: created({ audience: body.audience, expires_at: expiresAt }),
          info: {
            collection_id: collectionId,
            audience: body.audience,
            expires_at: expiresAt,
            password: passwordHash !== null,
            allow_download: body.allow_download,
            user_ids: userIds,
            watermark: body.watermark,
            traceable: body.traceable,
          },
        });
        if (userIds.length)
          await u.emit('collection.shared', {
            linkId: newId,
            collectionId,
            ownerId: actor.user.id,
            userIds,
          });
        // Told at once (and in the app, by the notification the event fans out), unless they
        // turned share mail off.
        const settings = await u.repos.notifications.mailSettings(recipients.map((r) => r.id));
        const brand = await u.repos.brands.mainOfCollection(collectionId);
        const face = brand ? mailFace(brand, deps.media, config.appUrl) : undefined;
        for (const r of recipients.filter((p) => settings.get(p.id)?.share !== false))
          await u.mail(mails.collectionShared(asLang(r.lang), r, by, collection.name, body.message ?? null, url, face));
        return newId;
      });
      return { share_link: await item(actor, id) };
    },

    async recipients({ actor }: RequestContext, collectionId: number, q: string | undefined) {
      const collection = await repos.collections.byId(collectionId);
      if (!collection || !collectionsPolicy.can(actor, 'view', collection)) throw new AppError('NOT_FOUND');
      const rows = await repos.shareLinks.searchRecipients(
        actor.user.id,
        q?.trim() ?? '',
        brandsPolicy.seesAllBrands(actor),
        SHARE_RECIPIENTS_LIMIT,
      );
      return { items: rows.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`, email: u.email })) };
    },

    /** The in-app list of what was shared with the caller: the links that name them. */
    async sharedWithMe({ actor }: RequestContext) {
      const rows = await repos.shareLinks.sharedWith(actor.user.id, now(), SHARED_WITH_ME_MAX);
      return {
        items: rows.flatMap((r) => {
          const path = sharedLinkPath(appKey, r);
          if (!path) return [];
          return [
            {
              id: r.id,
              path,
              collection_name: r.collection_name,
              shared_by: `${r.owner_first} ${r.owner_last}`,
              message: r.message,
              expires_at: r.expires_at,
              has_password: r.password_hash !== null,
              allow_download: r.allow_download === 1,
              created_at: r.created_at,
            },
          ];
        }),
      };
    },

    async ownList({ actor }: RequestContext, collectionId: number) {
      const collection = await repos.collections.byId(collectionId);
      if (!collection || !collectionsPolicy.can(actor, 'view', collection)) throw new AppError('NOT_FOUND');
      const rows = (await repos.shareLinks.ofCollection(collectionId)).filter((r) => r.owner_id === actor.user.id);
      const at = now();
      return {
        items: rows.map((r) => shareLinkItem(actor, r, linkUrl(r), at)),
        total: rows.length,
        page: 1,
        per_page: Math.max(rows.length, 1),
      };
    },

    async revoke(ctx: RequestContext, collectionId: number, linkId: number) {
      const row = await repos.shareLinks.byId(linkId);
      // The owner's own links of their collection only; administrators use the admin route.
      if (!row || row.collection_id !== collectionId || row.owner_id !== ctx.actor.user.id)
        throw new AppError('NOT_FOUND');
      await revokeRow(ctx, row);
      return { share_link: await item(ctx.actor, linkId) };
    },

    async all({ actor }: RequestContext, q: z.output<typeof ShareLinkAdminQuery>) {
      const at = now();
      const { total, items } = await repos.shareLinks.all(
        {
          createdBy: q.created_by,
          state: q.state,
          ownersSharingWith: shareLinksPolicy.reachesAllOwners(actor) ? undefined : actor.user.id,
        },
        at,
        q.page,
        q.per_page,
      );
      return {
        items: items.map((r) => shareLinkItem(actor, r, null, at)),
        total,
        page: q.page,
        per_page: q.per_page,
      };
    },

    async update(ctx: RequestContext, id: number, body: z.output<typeof ShareLinkUpdateBody>) {
      const row = await managed(ctx.actor, id, body.revoke ? 'revoke' : 'update');
      if (body.revoke) await revokeRow(ctx, row);
      else {
        if (row.revoked_at !== null) throw new AppError('NOT_FOUND');
        const expiresAt = body.expiry_unit ? expiryOf(body.expiry_unit, body.expiry_amount ?? 1) : row.expires_at;
        const flag = (v: boolean | undefined, was: number) => (v === undefined ? was : v ? 1 : 0);
        const protection = {
          watermark: flag(body.watermark, row.watermark),
          traceable: flag(body.traceable, row.traceable),
        };
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (body.expiry_unit) changes.expires_at = { before: row.expires_at, after: expiresAt };
        for (const k of ['watermark', 'traceable'] as const)
          if (protection[k] !== row[k]) changes[k] = { before: row[k] === 1, after: protection[k] === 1 };
        const name = found(await repos.collections.byId(row.collection_id)).name;
        await deps.change(ctx, async (u) => {
          if (body.expiry_unit) await u.repos.shareLinks.setExpiry(id, expiresAt, now());
          await u.repos.shareLinks.setProtection(id, protection, now());
          await u.audit({
            event: 'share_link.update',
            target: target(row, name),
            changes,
            info: { collection_id: row.collection_id },
          });
        });
      }
      return { share_link: await item(ctx.actor, id) };
    },
  };

  async function revokeRow(ctx: RequestContext, row: ShareLinkRow) {
    if (row.revoked_at !== null) return;
    const name = found(await repos.collections.byId(row.collection_id)).name;
    await deps.change(ctx, async (u) => {
      await u.repos.shareLinks.revoke(row.id, now());
      await u.audit({
        event: 'share_link.revoke',
        target: target(row, name),
        info: { collection_id: row.collection_id },
      });
    });
  }
}
export type ShareLinksService = ReturnType<typeof shareLinksService>;
