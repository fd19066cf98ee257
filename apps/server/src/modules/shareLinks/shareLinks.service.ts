import type { Lang, ShareBody, ShareExpiryUnit, ShareLinkAdminQuery, ShareLinkUpdateBody } from '@brandvault/contract';
import { SHARED_WITH_ME_MAX, SHARE_PASS_MINUTES, SHARE_RECIPIENTS_LIMIT } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { hmac, randomToken, safeEqual, seal } from '../../lib/crypto.js';
import { FileAnswer, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import { checkPassword, hashPassword } from '../../lib/passwords.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import { mails } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import { recordDownload } from '../stats/downloads.counts.js';
import type { Actor, SharePrincipal } from '../../access/principal.js';
import { assetTarget, created } from '../audit/audit.trail.js';
import { downloadsRepo } from '../downloads/downloads.repo.js';
import { streamZip } from '../downloads/downloads.stream.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { linkActor } from '../assets/downloadLink.js';
import { collectionsPolicy, sightOf } from '../collections/collections.policy.js';
import type { FilesService } from '../files/files.service.js';
import { requireAccess } from '../access/requireAccess.js';
import type { ShareFileKind } from './shareLinks.policy.js';
import { shareLinkAccess, shareLinksPolicy } from './shareLinks.policy.js';
import type { ShareLinkRow } from './shareLinks.repo.js';
import { shareLinkLimits } from './shareLinks.limits.js';
import { shareLinkItem } from './shareLinks.view.js';
import { markedOriginal, previewKeyFor } from '../watermarks/watermark.serve.js';
import { SEAL, linkPath, sharedLinkPath } from './path/sharedLinkPath.js';

const UNIT_MS: Record<Exclude<ShareExpiryUnit, 'never'>, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
};
const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');
const target = (row: { id: number }, name: string) => ({ type: 'share_link', id: row.id, label: name }) as const;

export function shareLinksService(deps: Deps, files: FilesService) {
  const { repos, clock, appKey, handle, limiter, storage, config } = deps;
  const limits = shareLinkLimits(limiter, appKey);
  const now = () => iso(clock.now());
  /** The lookup key of a token: its HMAC with the app key (the token itself is never stored). */
  const tokenHash = (token: string) => hmac(appKey, `share-link|${token}`);
  const expiryOf = (unit: ShareExpiryUnit, amount: number) =>
    unit === 'never' ? null : iso(new Date(clock.now().getTime() + amount * UNIT_MS[unit]));
  const linkUrl = (row: ShareLinkRow) => {
    const path = sharedLinkPath(appKey, row);
    return path ? `${config.appUrl}${path}` : null;
  };

  /**
   * A pass to a link's files for this browser session: who holds it (0 signed out) and whether
   * the password was given, signed with the app key and bound to the link.
   */
  function issuePass(linkId: number, viewerId: number, unlocked: boolean) {
    const exp = clock.now().getTime() + SHARE_PASS_MINUTES * 60_000;
    const body = `${viewerId}.${unlocked ? 1 : 0}.${exp}`;
    return { pass: `${body}.${hmac(appKey, `share-pass|${linkId}|${body}`)}`, expires_at: iso(new Date(exp)) };
  }
  function readPass(linkId: number, pass: string | undefined) {
    const m = pass ? /^(\d{1,10})\.([01])\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(pass) : null;
    if (!m) return null;
    const body = `${m[1]}.${m[2]}.${m[3]}`;
    if (Number(m[3]) < clock.now().getTime()) return null;
    if (!safeEqual(m[4]!, hmac(appKey, `share-pass|${linkId}|${body}`))) return null;
    return { viewerId: Number(m[1]), unlocked: m[2] === '1' };
  }

  /** The live link behind a token for this collection; anything else answers the same 404. */
  async function live(collectionId: number, token: string) {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw new AppError('NOT_FOUND');
    const hash = tokenHash(token);
    const row = await repos.shareLinks.byHash(hash);
    if (!row || !safeEqual(row.token_hash, hash) || row.collection_id !== collectionId) throw new AppError('NOT_FOUND');
    if (!shareLinksPolicy.linkCan({ kind: 'share', link: row, viewerId: null, unlocked: true }, 'view', now()))
      throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * The link as a principal for this request: the audience decides who may hold it (a signed-in
   * viewer, or anyone for anyone-with-the-link), the pass whether the password was given.
   */
  async function principal(row: ShareLinkRow, viewerId: number | null, pass: string | undefined) {
    const p = readPass(row.id, pass);
    const viewer = viewerId ?? (p && p.viewerId > 0 ? p.viewerId : null);
    if (p && viewerId !== null && p.viewerId !== 0 && p.viewerId !== viewerId) throw new AppError('NOT_FOUND');
    if (row.audience !== 'anyone') {
      if (viewer === null) throw new AppError('NOT_FOUND');
      const who = viewerId === null ? await linkActor(repos, viewer) : true;
      if (!who) throw new AppError('NOT_FOUND');
      if (row.audience === 'users' && !(await repos.shareLinks.isRecipient(row.id, viewer)))
        throw new AppError('NOT_FOUND');
    }
    const sp: SharePrincipal = { kind: 'share', link: row, viewerId: viewer, unlocked: !!p?.unlocked };
    return sp;
  }

  /**
   * What the link shows is what its owner may see now, and it hands out originals only while the
   * owner may download them: a deactivated owner's links stop.
   */
  async function ownerSight(row: ShareLinkRow) {
    const owner = await linkActor(repos, row.owner_id);
    if (!owner) throw new AppError('NOT_FOUND');
    return { sight: sightOf(owner), downloads: row.allow_download === 1 && shareLinksPolicy.grantsDownload(owner) };
  }

  async function view(
    ctx: AnyContext,
    collectionId: number,
    token: string,
    q: { page: number; per_page: number; pass?: string | undefined },
    passHeader: string | undefined,
    signedIn: boolean,
  ) {
    const row = await live(collectionId, token);
    if (!signedIn && row.audience !== 'anyone') throw new AppError('NOT_FOUND');
    if (!signedIn) await limits.view(ctx, row.id);
    const viewerId = signedIn ? ctx.actor!.user.id : null;
    const sp = await principal(row, viewerId, q.pass ?? passHeader);
    if (!shareLinksPolicy.linkCan(sp, 'view', now()))
      throw new AppError(row.password_hash !== null && !sp.unlocked ? 'PASSWORD_REQUIRED' : 'FORBIDDEN');
    const { sight, downloads } = await ownerSight(row);
    const collection = (await repos.collections.byId(row.collection_id))!;
    if (!collectionsPolicy.can(sp, 'view', collection)) throw new AppError('NOT_FOUND');
    const [page, counts] = await Promise.all([
      repos.collections.page(sight, collectionId, 'added', q.page, q.per_page),
      repos.collections.counts(sight, [collectionId]),
    ]);
    if (await limits.firstView(ctx, row.id)) await repos.shareLinks.countView(row.id);
    const { pass } = issuePass(row.id, viewerId ?? 0, sp.unlocked);
    const base = `/api/ops/collection/${collectionId}/shared/${token}/asset`;
    const fileUrl = (assetId: number, kind: ShareFileKind) =>
      `${base}/${assetId}/${kind}?pass=${encodeURIComponent(pass)}`;
    return {
      collection: { id: collection.id, name: collection.name, asset_count: counts.get(collectionId) ?? 0 },
      message: row.message,
      expires_at: row.expires_at,
      allow_download: downloads,
      zip_url: downloads
        ? `/api/ops/collection/${collectionId}/shared/${token}/zip?pass=${encodeURIComponent(pass)}`
        : null,
      assets: {
        items: page.items.map((a) => ({
          id: a.id,
          name: a.name,
          ext: a.ext,
          mime: a.mime,
          type: a.type as never,
          size: Number(a.size),
          width: a.width,
          height: a.height,
          duration_seconds: a.duration_seconds,
          thumbnail_url: a.thumb_key ? fileUrl(a.id, 'thumbnail') : null,
          preview_url: a.preview_key ? fileUrl(a.id, 'preview') : null,
          download_url: downloads ? fileUrl(a.id, 'original') : null,
        })),
        total: page.total,
        page: q.page,
        per_page: q.per_page,
      },
    };
  }

  async function managed(actor: Actor, id: number, action: 'view' | 'revoke' | 'update') {
    const row = (await requireAccess(repos, { actor, permission: 'view', kind: shareLinkAccess, ids: [id] }))[0]!;
    if (!shareLinksPolicy.reachesAllOwners(actor) && !(await repos.users.sharesBrand(actor.user.id, row.owner_id)))
      throw new AppError('NOT_FOUND');
    if (!shareLinksPolicy.can(actor, action, row)) throw new AppError('FORBIDDEN');
    return row;
  }
  const item = async (actor: Actor, id: number) => {
    const r = (await repos.shareLinks.listRow(id))!;
    return shareLinkItem(actor, r, r.owner_id === actor.user.id ? linkUrl(r) : null, now());
  };

  return {
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
            token_hash: tokenHash(token),
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
        for (const r of recipients.filter((p) => settings.get(p.id)?.share !== false))
          await u.mail(mails.collectionShared(asLang(r.lang), r, by, collection.name, body.message ?? null, url));
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
        const name = (await repos.collections.byId(row.collection_id))!.name;
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

    /** Signed in: any audience, checked against the caller. */
    sharedView: (
      ctx: RequestContext,
      id: number,
      token: string,
      q: { page: number; per_page: number; pass?: string | undefined },
      passHeader?: string,
    ) => view(ctx, id, token, q, passHeader, true),
    /** Signed out: anyone-with-the-link only (a signed-in caller is treated the same way). */
    publicView: (
      ctx: AnyContext,
      id: number,
      token: string,
      q: { page: number; per_page: number; pass?: string | undefined },
      passHeader?: string,
    ) => view(ctx, id, token, q, passHeader, false),

    /** The password once per browser session: a pass; wrong ones are limited per link and per address. */
    async unlock(ctx: AnyContext, id: number, token: string, password: string) {
      const row = await live(id, token);
      if (row.audience === 'users' && !ctx.actor) throw new AppError('NOT_FOUND');
      await limits.beforeUnlock(ctx, row.id);
      if (row.password_hash === null || !(await checkPassword(row.password_hash, password))) {
        await limits.wrongPassword(ctx, row.id);
        throw invalid({ password: 'invalid' });
      }
      const viewerId = ctx.actor?.user.id ?? 0;
      await principal(row, ctx.actor ? viewerId : null, undefined);
      return issuePass(row.id, viewerId, true);
    },

    /**
     * Every asset of the collection the owner still sees, as one zip streamed to the holder of a
     * link with the download right; counted and audited as one download of each, with the link.
     */
    async zip(ctx: AnyContext, id: number, token: string, pass?: string) {
      const row = await live(id, token);
      const sp = await principal(row, null, pass);
      if (!shareLinksPolicy.linkCan(sp, 'original', now()))
        throw new AppError(shareLinksPolicy.linkCan(sp, 'view', now()) ? 'FORBIDDEN' : 'NOT_FOUND');
      const { sight, downloads } = await ownerSight(row);
      if (!downloads) throw new AppError('FORBIDDEN');
      const collection = (await repos.collections.byId(row.collection_id))!;
      const ids = await repos.collections.visibleIds(sight, id);
      const assets = (await downloadsRepo(handle.db).assetsByIds(ids, row.owner_id)).filter(
        (a) => a.status === 'ACTIVE',
      );
      if (!assets.length) throw new AppError('NOT_FOUND');
      const answer = streamZip(deps, sp, assets, `${collection.name}.zip`, ctx.lang, (err) =>
        deps.log.warn({ err, linkId: row.id, reqId: ctx.requestId }, 'shared zip cut short'),
      );
      await deps.change(ctx, (u) =>
        recordDownload(u, {
          assets,
          kind: 'zip',
          at: clock.now(),
          linkId: row.id,
          userId: ctx.actor?.user.id ?? null,
          audit: {
            event: 'download.fetch',
            target: { type: 'collection', id: collection.id, label: collection.name },
            info: { format: 'zip', files: assets.length, share_link_id: row.id },
          },
        }),
      );
      return answer;
    },

    /**
     * A file of a shared asset, checked against the link at every fetch (a revoked link stops
     * a thumbnail already on a page): live, audience, password, download right, and the asset
     * still in the collection and visible to its owner.
     */
    async file(
      ctx: AnyContext,
      id: number,
      token: string,
      assetId: number,
      kind: ShareFileKind,
      pass?: string,
      range?: string,
    ) {
      const row = await live(id, token);
      const sp = await principal(row, null, pass);
      if (!shareLinksPolicy.linkCan(sp, kind, now())) {
        throw new AppError(shareLinksPolicy.linkCan(sp, 'view', now()) ? 'FORBIDDEN' : 'NOT_FOUND');
      }
      const { sight, downloads } = await ownerSight(row);
      if (!(await repos.collections.visibleIds(sight, id)).includes(assetId)) throw new AppError('NOT_FOUND');
      if (kind === 'original' && !downloads) throw new AppError('FORBIDDEN');
      const a = (await repos.assets.byId(assetId))!;
      if (kind === 'original') {
        const answer =
          (await markedOriginal(deps, sp, a)) ??
          (await files.original({ key: a.blob_key, size: Number(a.size), mime: a.mime, name: a.name }, range));
        // One download per whole file or first range, not one per range request of a player.
        // Counted for the link and the asset, and audited with the link (nobody signed in).
        if (answer.status === 200 || (answer.status === 206 && /^bytes=0-/.test(range ?? '')))
          await deps.change(ctx, (u) =>
            recordDownload(u, {
              assets: [a],
              kind: 'original',
              at: clock.now(),
              linkId: row.id,
              userId: ctx.actor?.user.id ?? null,
              audit: {
                event: 'asset.download',
                target: assetTarget(a),
                info: { version: a.current_version, share_link_id: row.id },
              },
            }),
          );
        return answer;
      }
      const source = kind === 'thumbnail' ? a.thumb_key : a.preview_key;
      const key = source ? await previewKeyFor(deps, sp, a.brand_id, source) : null;
      const stat = key ? await storage.stat(key) : null;
      if (!key || !stat) throw new AppError('NOT_FOUND');
      return new FileAnswer(
        200,
        {
          ...fileSafetyHeaders(),
          // Never cached: the link is checked again at the next fetch.
          'cache-control': 'private, no-store',
          'content-type': key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp',
          'content-length': stat.size,
        },
        await storage.get(key),
      );
    },
  };

  async function revokeRow(ctx: RequestContext, row: ShareLinkRow) {
    if (row.revoked_at !== null) return;
    const name = (await repos.collections.byId(row.collection_id))!.name;
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
