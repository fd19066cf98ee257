import { buffer } from 'node:stream/consumers';
import { USER_PHOTO_SIZES } from '@brandvault/contract';
import type { UserPhotoUpdateBody } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { isDecodablePhoto, squarePictures } from '../../lib/pictures.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { BlobNotFoundError, newBlobKey } from '../../storage/index.js';
import { userTarget } from '../audit/audit.trail.js';
import type { Actor } from '../../access/principal.js';
import { visibleUser } from './userAccess.js';
import { usersPolicy } from './users.policy.js';
import { adminUserViews } from './users.view.js';

/** An upload nobody sets within a day is removed by the next upload (anyone's). */
const UPLOAD_KEPT_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 50;

/**
 * Profile photos (§7 `POST ops/users/{id}/photo/{photoId}/update`): the image is uploaded first
 * (checked, kept as sent), then set with the square the person framed, stored as two square WebP
 * pictures like brand images (the photo and the avatar thumbnail); removing clears both. A user
 * changes their own; user.manage changes those of the users it manages (users.policy).
 */
export function userPhotosService(deps: Deps) {
  const { repos, clock, storage } = deps;
  const now = () => iso(clock.now());
  const views = adminUserViews(deps);
  const photos = repos.userPhotos;

  /** The user whose photo the actor changes: 403 for another without user.manage, 404 out of sight. */
  async function target(actor: Actor, id: number) {
    if (!usersPolicy.reachesPhotoOf(actor, id)) throw new AppError('FORBIDDEN');
    const user = await visibleUser(repos, actor, id);
    authorize(usersPolicy.setsPhoto(actor, id, (await repos.roles.rolesByUser([id])).get(id) ?? []));
    return user;
  }
  const view = async (actor: Actor, id: number) => ({
    user: (await views(actor, [found(await repos.users.byId(id))]))[0]!,
  });
  const removeBlobs = async (keys: (string | null | undefined)[]) => {
    for (const key of keys) if (key) await storage.delete(key);
  };

  async function sweep() {
    const stale = await photos.staleUploads(iso(new Date(clock.now().getTime() - UPLOAD_KEPT_MS)), SWEEP_BATCH);
    await photos.removeUploads(stale.map((s) => s.id));
    await removeBlobs(stale.map((s) => s.original_key));
  }

  /** Puts the new photo in place and records it; the photo replaced is deleted once committed. */
  async function setPhoto(
    ctx: RequestContext,
    id: number,
    keys: { photo_key: string | null; photo_thumb_key: string | null },
    takeUpload?: number,
  ) {
    return deps.change(ctx, async (u) => {
      const tx = u.repos.userPhotos;
      if (takeUpload !== undefined && !(await tx.takeUpload(takeUpload))) return null;
      const before = (await u.repos.users.byId(id))!;
      const had = before.photo_key !== null || before.photo_uri !== null;
      if (!keys.photo_key && !had) return before;
      await tx.setPhoto(id, keys, now());
      await u.audit({
        event: keys.photo_key ? 'user.photo' : 'user.photo_remove',
        target: userTarget(before),
        changes: { photo: { before: had ? 'set' : null, after: keys.photo_key ? 'replaced' : null } },
      });
      return before;
    });
  }

  return {
    async upload(ctx: RequestContext, id: number, files: FormFile[]) {
      await target(ctx.actor, id);
      const file = files.find((f) => f.field === 'photo');
      if (!file) throw invalid({ photo: 'required' });
      if (!(await isDecodablePhoto(file.data))) throw invalid({ photo: 'image' });
      await sweep();
      const key = newBlobKey('photo-uploads');
      await storage.put(key, file.data);
      const photoId = await photos.insertUpload({
        user_id: id,
        uploaded_by: ctx.actor.user.id,
        original_key: key,
        created_at: now(),
      });
      return { photo: { id: photoId } };
    },

    async update(ctx: RequestContext, id: number, photoId: number, body: z.output<typeof UserPhotoUpdateBody>) {
      await target(ctx.actor, id);
      const upload = await photos.upload(photoId);
      if (!upload || upload.user_id !== id) throw new AppError('NOT_FOUND');
      const original = await storage
        .get(upload.original_key)
        .then(buffer)
        .catch((err: unknown) => {
          throw err instanceof BlobNotFoundError ? new AppError('NOT_FOUND') : err;
        });
      const sizes = [USER_PHOTO_SIZES.photo, USER_PHOTO_SIZES.thumb];
      const [photo, thumb] = await squarePictures(original, body?.crop, sizes, 'photo');
      const base = newBlobKey('avatars');
      const keys = { photo_key: `${base}/photo.webp`, photo_thumb_key: `${base}/thumb.webp` };
      await storage.put(keys.photo_key, photo!, 'image/webp');
      await storage.put(keys.photo_thumb_key, thumb!, 'image/webp');
      const before = await setPhoto(ctx, id, keys, photoId);
      // Another request set the same upload first: this one's pictures are not used.
      if (!before) {
        await removeBlobs([keys.photo_key, keys.photo_thumb_key]);
        throw new AppError('NOT_FOUND');
      }
      await removeBlobs([before.photo_key, before.photo_thumb_key, upload.original_key]);
      return view(ctx.actor, id);
    },

    async remove(ctx: RequestContext, id: number) {
      await target(ctx.actor, id);
      const before = await setPhoto(ctx, id, { photo_key: null, photo_thumb_key: null });
      await removeBlobs([before?.photo_key, before?.photo_thumb_key]);
      return view(ctx.actor, id);
    },
  };
}
export type UserPhotosService = ReturnType<typeof userPhotosService>;

declare module '../../deps/services.js' {
  interface Services {
    userPhotos: ReturnType<typeof userPhotosService>;
  }
}
