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
}

export type EventName = keyof Events;
export type EventPayload<E extends EventName> = Events[E];
