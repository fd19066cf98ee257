import { signPath, signedLinkUser } from '../../lib/signedUrl.js';

/** The signed part names the user, so each fetch checks what that user may see now. */
const cropPath = (faceId: number, userId: number) => `/api/ops/face/${faceId}/crop?u=${userId}`;

/**
 * A link to one face's crop for one user: the crop is shown by an <img>, which sends no bearer
 * token. It stays the same all day, so the browser keeps the picture.
 */
export const faceCropLink = (appKey: string, faceId: number, userId: number, now: Date) =>
  signPath(appKey, cropPath(faceId, userId), now);

/** The user a crop link was issued for, or null when the query holds no valid, unexpired link. */
export const faceCropUser = (appKey: string, faceId: number, query: unknown, now: Date) =>
  signedLinkUser(appKey, (userId) => cropPath(faceId, userId), query, now);
