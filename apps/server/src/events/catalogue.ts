/**
 * Every domain event, by name, with what it carries. Add one here before emitting it; keep
 * payloads to ids and small facts (subscribers read what else they need), since each becomes
 * part of a job's payload.
 */
export interface Events {
  'asset.created': { assetId: number; brandId: number; folderId: number; actorId: number | null };
  'asset.downloaded': { assetId: number; brandId: number; actorId: number | null };
  'user.registered': { userId: number };
  /** A comment or reply was written: the notifications fan out from it. */
  'comment.created': { commentId: number; assetId: number; actorId: number };
  /** A link made for specific people: each of them gets a notification. */
  'collection.shared': { linkId: number; collectionId: number; ownerId: number; userIds: number[] };
}

export type EventName = keyof Events;
export type EventPayload<E extends EventName> = Events[E];
