/**
 * Every domain event, by name, with what it carries. Add one here with its subscriber
 * (subscriptions.ts: an event nobody reacts to is not kept, events/catalogue.test.ts), and keep
 * payloads to ids and small facts (subscribers read what else they need), since each becomes
 * part of a job's payload.
 */
export interface Events {
  /** A comment or reply was written: the notifications fan out from it. */
  'comment.created': { commentId: number; assetId: number; actorId: number };
  /** A link made for specific people: each of them gets a notification. */
  'collection.shared': { linkId: number; collectionId: number; ownerId: number; userIds: number[] };
  /** An asset was uploaded (its first version). */
  'asset.created': { assetId: number; brandId: number; folderId: number };
  /** An asset's fields (name, description, keywords, metadata) were edited. */
  'asset.updated': { assetId: number; brandId: number };
  'asset.removed': { assetId: number; brandId: number };
  'asset.restored': { assetId: number; brandId: number };
  /** A new file for an asset (or an older version brought back as the current one). */
  'asset.version_created': { assetId: number; brandId: number; version: number };
  /** The availability job found the asset's licence or own dates expired. */
  'asset.expired': { assetId: number; brandId: number };
  /** A prepared download (zip or PDF) is ready for its requester. */
  'download.completed': { downloadId: number; userId: number; brandIds: number[] };
  /** An administrator approved a new account, with the brands it may see. */
  'user.approved': { userId: number; brandIds: number[] };
  'sync.run_finished': { runId: number; sourceId: number; brandId: number; status: string };
  /** A template import's rows were applied. */
  'template_import.applied': { importId: number; kind: string; brandIds: number[] };
}

export type EventName = keyof Events;
export type EventPayload<E extends EventName> = Events[E];
