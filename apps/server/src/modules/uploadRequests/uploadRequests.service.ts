import type { z } from 'zod';
import type { UploadRequestBody, UploadRequestListQuery } from '@brandvault/contract';
import { UPLOAD_REQUEST_MAX_DAYS, UPLOAD_REQUEST_RECENT } from '@brandvault/contract';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, seal } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Actor } from '../../access/principal.js';
import type { Deps } from '../../deps/deps.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { created } from '../audit/audit.trail.js';
import type { FoldersService } from '../folders/folders.service.js';
import type { UploadRequestListRow } from './uploadRequests.repo.js';
import { uploadRequestsPolicy } from './uploadRequests.policy.js';
import { SEAL, requestPath, tokenHashOf } from './uploadRequests.token.js';
import { uploadRequestItem } from './uploadRequests.view.js';

const DAY_MS = 86_400_000;
const target = (row: { id: number }, label: string) => ({ type: 'upload_request', id: row.id, label }) as const;
const labelOf = (folderName: string, id: number) => `#${id} → ${folderName}`;

/**
 * The requester's side of upload requests: make one into a folder they may upload to, list
 * them with what arrived, close them. The public side (the link's page and its uploads) is
 * `uploadRequests.public.service.ts`.
 */
export function uploadRequestsService(deps: Deps, folders: FoldersService) {
  const { repos, clock, appKey, config } = deps;
  const now = () => iso(clock.now());

  /** The rows as answers: usage, latest uploads and abilities read for the whole page at once. */
  async function items(actor: Actor, rows: UploadRequestListRow[]) {
    const ids = rows.map((r) => r.id);
    const at = now();
    const [used, recent] = await Promise.all([
      repos.uploadRequests.received(ids),
      repos.uploadRequests.recent(ids, UPLOAD_REQUEST_RECENT),
    ]);
    const brandsOf = new Map<number, boolean>();
    for (const r of rows)
      if (!brandsOf.has(r.brand_id))
        brandsOf.set(r.brand_id, await repos.uploadRequests.inBrand(actor.user.id, r.brand_id));
    return rows.map((r) => {
      const path = r.owner_id === actor.user.id ? requestPath(appKey, r) : null;
      return uploadRequestItem(r, {
        url: path ? `${config.appUrl}${path}` : null,
        used: used.get(r.id),
        uploads: recent.filter((u) => u.request_id === r.id),
        close: uploadRequestsPolicy.abilities(actor, r, brandsOf.get(r.brand_id)!, at).close,
        now: at,
      });
    });
  }

  return {
    async create(ctx: RequestContext, body: z.output<typeof UploadRequestBody>) {
      const { actor } = ctx;
      const folder = await folders.visible(actor, body.folder_id);
      if (!uploadRequestsPolicy.mayRequestInto(actor, folder)) throw new AppError('FORBIDDEN');
      const t = clock.now().getTime();
      const expires = new Date(body.expires_at);
      if (!(expires.getTime() > t) || expires.getTime() - t > UPLOAD_REQUEST_MAX_DAYS * DAY_MS)
        throw invalid({ expires_at: 'expiresAt' });
      const types = [...new Set(body.allowed_types)];
      if (types.length) {
        const allowed = new Set((await repos.assets.allowedExtensions()).map((e) => e.ext.toLowerCase()));
        const unknown = types.filter((x) => !allowed.has(x));
        if (unknown.length)
          throw new AppError('INVALID_DATA', {
            fieldKeys: { allowed_types: 'fileTypes' },
            fieldVars: { values: unknown.join(', ') },
          });
      }
      const token = randomToken(32);
      const at = now();
      const expiresAt = iso(expires);
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const id = await deps.change(ctx, async (u) => {
        const newId = await u.repos.uploadRequests.insert({
          brand_id: folder.brand_id,
          folder_id: folder.id,
          owner_id: actor.user.id,
          token_hash: tokenHashOf(appKey, token),
          token_enc: seal(appKey, SEAL, token),
          password_hash: passwordHash,
          message: body.message || null,
          expires_at: expiresAt,
          closed_at: null,
          max_files: body.max_files,
          max_bytes: body.max_bytes,
          allowed_types: JSON.stringify(types),
          created_at: at,
          updated_at: at,
        });
        await u.audit({
          event: 'upload_request.create',
          target: target({ id: newId }, labelOf(folder.name, newId)),
          changes: created({ expires_at: expiresAt, max_files: body.max_files, max_bytes: body.max_bytes }),
          info: {
            folder_id: folder.id,
            expires_at: expiresAt,
            password: passwordHash !== null,
            max_files: body.max_files,
            max_bytes: body.max_bytes,
            allowed_types: types,
          },
        });
        return newId;
      });
      const [item] = await items(actor, [found(await repos.uploadRequests.listRow(id))]);
      return { upload_request: item! };
    },

    async list({ actor }: RequestContext, q: z.output<typeof UploadRequestListQuery>) {
      const perPage = q.per_page ?? 20;
      const page = await repos.uploadRequests.list(
        uploadRequestsPolicy.scope(actor),
        { ...q, per_page: perPage },
        now(),
      );
      return { items: await items(actor, page.items), total: page.total, page: q.page, per_page: perPage };
    },

    async close(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const row = await repos.uploadRequests.listRow(id);
      const inBrand = row ? await repos.uploadRequests.inBrand(actor.user.id, row.brand_id) : false;
      if (!row || !uploadRequestsPolicy.can(actor, 'view', row, inBrand)) throw new AppError('NOT_FOUND');
      if (!uploadRequestsPolicy.can(actor, 'close', row, inBrand)) throw new AppError('FORBIDDEN');
      if (row.closed_at === null) {
        const at = now();
        await deps.change(ctx, async (u) => {
          const done = await u.repos.uploadRequests.close(id, at);
          if (Number(done.numUpdatedRows) === 0) return;
          await u.audit({
            event: 'upload_request.close',
            target: target(row, labelOf(row.folder_name, row.id)),
            changes: { closed_at: { before: null, after: at } },
          });
        });
      }
      const [item] = await items(actor, [found(await repos.uploadRequests.listRow(id))]);
      return { upload_request: item! };
    },

    /** How an asset the caller sees came in, when a request brought it. */
    async origin({ actor }: RequestContext, assetId: number) {
      await requireAccess(repos, { actor, permission: 'view', kind: assetAccess, ids: [assetId] });
      const o = await repos.uploadRequests.originOf(assetId);
      return {
        origin: o
          ? {
              request_id: o.request_id,
              request_message: o.message,
              uploader_name: o.uploader_name,
              uploader_email: o.uploader_email,
              uploaded_at: o.updated_at,
            }
          : null,
      };
    },
  };
}
export type UploadRequestsService = ReturnType<typeof uploadRequestsService>;
