import { extname } from 'node:path';
import type { z } from 'zod';
import type { UploadRequestTusMetadata, UploadResult } from '@brandvault/contract';
import { mailFace } from '../brands/brands.view.js';
import { SHARE_UNLOCK_TRIES, UPLOAD_REQUEST_PASS_MINUTES } from '@brandvault/contract';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { checkPassword } from '../../lib/passwords.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import { withActor } from '../../lib/requestContext.js';
import { mails } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import { linkActor } from '../assets/downloadLink.js';
import type { Source } from '../assets/ingest.js';
import { ingestNewAsset } from '../assets/ingest.js';
import { assetTarget } from '../audit/audit.trail.js';
import type { FoldersService } from '../folders/folders.service.js';
import { TUS_EXPIRY_MS } from '../uploads/staleUploads.js';
import type { UploadRequestRow } from './uploadRequests.repo.js';
import { isLive, uploadRequestsPolicy } from './uploadRequests.policy.js';
import { tokenHashOf, wellFormed } from './uploadRequests.token.js';
import { typesOf } from './uploadRequests.view.js';

/** Opens of request pages per address per minute. */
const OPENS_PER_ADDRESS = 120;
const asLang = (v: string) => (v === 'es' ? 'es' : 'en');
const extOf = (name: string) => extname(name).slice(1).toLowerCase();

/**
 * The public side of upload requests: the link's page, its password, and the files sent through
 * it. Whatever is wrong with a link (unknown, expired, closed, its owner gone or no longer allowed
 * to upload into the folder) answers the same 404. Files become assets the way every upload does
 * (assets/ingest), made on the requester's behalf and attributed to the link and the sender.
 */
export function uploadRequestsPublicService(deps: Deps, folders: FoldersService) {
  const { repos, clock, appKey, limiter } = deps;
  const now = () => iso(clock.now());

  function issuePass(id: number) {
    const exp = clock.now().getTime() + UPLOAD_REQUEST_PASS_MINUTES * 60_000;
    return { pass: `${exp}.${hmac(appKey, `upload-request-pass|${id}|${exp}`)}`, expires_at: iso(new Date(exp)) };
  }
  function passOk(id: number, pass: string | undefined) {
    const m = pass ? /^(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(pass) : null;
    if (!m || Number(m[1]) < clock.now().getTime()) return false;
    return safeEqual(m[2]!, hmac(appKey, `upload-request-pass|${id}|${m[1]}`));
  }

  /** The live request behind a token, its owner as a caller, and its folder; anything else 404. */
  async function live(token: string) {
    if (!wellFormed(token)) throw new AppError('NOT_FOUND');
    const hash = tokenHashOf(appKey, token);
    const row = await repos.uploadRequests.byHash(hash);
    if (!row || !safeEqual(row.token_hash, hash) || !isLive(row, now())) throw new AppError('NOT_FOUND');
    const owner = await linkActor(repos, row.owner_id);
    if (!owner) throw new AppError('NOT_FOUND');
    const folder = await folders.visible(owner, row.folder_id).catch(() => null);
    if (!folder || !uploadRequestsPolicy.mayRequestInto(owner, folder)) throw new AppError('NOT_FOUND');
    return { row: row as UploadRequestRow, owner, folder };
  }
  /** A live request whose password, if it has one, was given. */
  async function unlocked(token: string, pass: string | undefined) {
    const l = await live(token);
    if (l.row.password_hash !== null && !passOk(l.row.id, pass)) throw new AppError('PASSWORD_REQUIRED');
    return l;
  }
  const since = () => iso(new Date(clock.now().getTime() - TUS_EXPIRY_MS));
  const remaining = async (row: UploadRequestRow) => {
    const used = (await repos.uploadRequests.used([row.id], since())).get(row.id) ?? { files: 0, bytes: 0 };
    return {
      files: Math.max(0, row.max_files - used.files),
      bytes: Math.max(0, Number(row.max_bytes) - used.bytes),
    };
  };

  const unlockKeys = (ctx: AnyContext, id: number) => [
    `upload-request-unlock:${id}`,
    `upload-request-unlock:ip:${ctx.ip}`,
  ];

  return {
    async open(ctx: AnyContext, token: string, pass: string | undefined) {
      const hit = await limiter.hit(`upload-request-open:ip:${ctx.ip}`, 60, OPENS_PER_ADDRESS);
      if (hit.count > OPENS_PER_ADDRESS)
        throw new AppError('SHARE_LINK_TOO_MANY', { headers: { 'retry-after': String(hit.retryAfterSeconds) } });
      const { row } = await live(token);
      const b = found(await repos.brands.byId(row.brand_id));
      const brand = { name: b.name, logo_uri: deps.media(b.logo_key), accent_color: b.accent_color };
      if (row.password_hash !== null && !passOk(row.id, pass)) return { brand, locked: true, request: null };
      const left = await remaining(row);
      return {
        brand,
        locked: false,
        request: {
          message: row.message,
          expires_at: row.expires_at,
          max_files: row.max_files,
          max_bytes: Number(row.max_bytes),
          remaining_files: left.files,
          remaining_bytes: left.bytes,
          allowed_types: typesOf(row.allowed_types),
        },
      };
    },

    /** The password once: a pass for the page and its uploads; wrong ones are limited per link and address. */
    async unlock(ctx: AnyContext, token: string, password: string) {
      const { row } = await live(token);
      for (const key of unlockKeys(ctx, row.id)) {
        const seen = await limiter.peek(key);
        if (seen.count >= SHARE_UNLOCK_TRIES)
          throw new AppError('SHARE_LINK_TOO_MANY', { headers: { 'retry-after': String(seen.retryAfterSeconds) } });
      }
      if (row.password_hash === null || !(await checkPassword(row.password_hash, password))) {
        for (const key of unlockKeys(ctx, row.id)) await limiter.hit(key, 60);
        throw invalid({ password: 'invalid' });
      }
      return issuePass(row.id);
    },

    /**
     * At tus creation, before a byte is stored: the request is live and unlocked, the file's type
     * is one it asks for, and the file fits what is left of its budget; then the file is recorded
     * (it counts against the budget from now on). Serialised per request, so two files racing for
     * the last place cannot both have it.
     */
    async admit(
      token: string,
      pass: string | undefined,
      meta: z.output<typeof UploadRequestTusMetadata>,
      size: number,
      tusId: string,
    ) {
      const { row } = await unlocked(token, pass);
      const ext = extOf(meta.filename);
      const types = typesOf(row.allowed_types);
      if (!ext || (types.length && !types.includes(ext)) || !(await repos.assets.typeOfExtension(ext)))
        throw new AppError('UPLOAD_REQUEST_TYPE');
      await deps.tx(async (t) => {
        await t.repos.uploadRequests.lock(row.id, deps.handle.dialect);
        const used = (await t.repos.uploadRequests.used([row.id], since())).get(row.id) ?? { files: 0, bytes: 0 };
        if (used.files + 1 > row.max_files || used.bytes + size > Number(row.max_bytes))
          throw new AppError('UPLOAD_REQUEST_FULL');
        await t.repos.uploadRequests.addFile({
          request_id: row.id,
          tus_id: tusId,
          file_name: meta.filename.slice(0, 1024),
          size,
          uploader_name: meta.uploader_name,
          uploader_email: meta.uploader_email,
          at: now(),
        });
      });
      return row.id;
    },

    /** Whether a later tus request (HEAD, PATCH, DELETE) may touch this upload: its live link, unlocked. */
    async mayContinue(token: string, pass: string | undefined, tusId: string) {
      const { row } = await unlocked(token, pass);
      const file = await repos.uploadRequests.fileByTusId(tusId);
      if (!file || file.request_id !== row.id || file.state !== 'uploading') throw new AppError('NOT_FOUND');
    },

    /**
     * A finished upload: an asset in the request's folder, made as every upload is, on the
     * requester's behalf; attributed to the link and its sender, audited, and told to the
     * requester (in the app and by mail). A failed file no longer counts against the budget.
     */
    async receive(ctx: AnyContext, tusId: string, fileName: string, source: Source): Promise<UploadResult> {
      const file = await repos.uploadRequests.fileByTusId(tusId);
      const row = file ? await repos.uploadRequests.byId(file.request_id) : undefined;
      const owner = row ? await linkActor(repos, row.owner_id) : null;
      const folder = owner && row ? await folders.visible(owner, row.folder_id).catch(() => null) : null;
      if (!file || !row || !owner || !folder || !uploadRequestsPolicy.mayRequestInto(owner, folder))
        throw new AppError('NOT_FOUND');
      const types = typesOf(row.allowed_types);
      const onBehalf: RequestContext = withActor(ctx, owner);
      const from = `${file.uploader_name} <${file.uploader_email}>`;
      let result: UploadResult;
      try {
        result = await ingestNewAsset(deps, onBehalf, folder, fileName, source, {
          duplicates: 'allow',
          // Files from outside wait for review whenever the brand reviews anyone's uploads (issue 40 §4).
          holdForReview: await repos.reviews.brandRequiresApproval(folder.brand_id),
          inTransaction: async (u, assetId, stored) => {
            // The bytes decide the type: a renamed file of a type the request does not ask for is refused.
            if (types.length && !types.includes(stored.ext.toLowerCase())) throw new AppError('UPLOAD_REQUEST_TYPE');
            const at = now();
            await u.repos.uploadRequests.finishFile(tusId, { state: 'done', asset_id: assetId, at });
            await u.audit({
              event: 'upload_request.upload',
              userId: null,
              target: assetTarget({ id: assetId, name: fileName }),
              info: {
                request_id: row.id,
                asset_id: assetId,
                uploader_name: file.uploader_name,
                uploader_email: file.uploader_email,
                size: stored.size,
              },
            });
            await u.repos.notifications.insert([
              {
                user_id: owner.user.id,
                kind: 'upload_request',
                actor_id: null,
                asset_id: assetId,
                comment_id: null,
                share_link_id: null,
                download_id: null,
                read_at: null,
                mail_after: null,
                mailed_at: null,
                created_at: at,
              },
            ]);
            const url = `${deps.config.appUrl}/brand/asset/${assetId}`;
            await u.mail(
              mails.uploadRequestReceived(
                asLang(owner.user.lang),
                owner.user,
                fileName,
                from,
                folder.name,
                url,
                mailFace((await u.repos.brands.summaryById(folder.brand_id))!, deps.media, deps.config.appUrl),
              ),
            );
          },
        });
      } catch (err) {
        await repos.uploadRequests.finishFile(tusId, { state: 'failed', asset_id: null, at: now() });
        throw err;
      }
      if (result.status !== 'created')
        await repos.uploadRequests.finishFile(tusId, { state: 'failed', asset_id: null, at: now() });
      return result;
    },
  };
}
export type UploadRequestsPublicService = ReturnType<typeof uploadRequestsPublicService>;
