import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

export type WebhookRow = Selectable<WebhookSubscriptionsTable> & {
  brand_name: string;
  creator_first: string | null;
  creator_last: string | null;
};
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Webhook subscriptions and their delivery attempts. */
export function webhooksRepo(db: Db) {
  const subs = () =>
    db
      .selectFrom('webhook_subscriptions')
      .innerJoin('brands', 'brands.id', 'webhook_subscriptions.brand_id')
      .leftJoin('users', 'users.id', 'webhook_subscriptions.created_by')
      .selectAll('webhook_subscriptions')
      .select(['brands.name as brand_name', 'users.first_name as creator_first', 'users.last_name as creator_last']);

  return {
    byId: (id: number): Promise<WebhookRow | undefined> =>
      subs().where('webhook_subscriptions.id', '=', id).executeTakeFirst(),

    list(brandId: number, page: number, perPage: number) {
      const q = db.selectFrom('webhook_subscriptions').where('webhook_subscriptions.brand_id', '=', brandId);
      return paged(
        q,
        () => subs().where('webhook_subscriptions.brand_id', '=', brandId).orderBy('webhook_subscriptions.id', 'desc'),
        page,
        perPage,
      );
    },

    /** Enabled subscriptions of these brands (the event filter is applied by the caller). */
    enabledFor: (brandIds: number[]) =>
      brandIds.length
        ? db
            .selectFrom('webhook_subscriptions')
            .select(['id', 'events'])
            .where('brand_id', 'in', brandIds)
            .where('enabled', '=', 1)
            .execute()
        : Promise.resolve([]),

    async insert(row: Insertable<WebhookSubscriptionsTable>) {
      return (await db.insertInto('webhook_subscriptions').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    async update(id: number, patch: Updateable<WebhookSubscriptionsTable>) {
      await db.updateTable('webhook_subscriptions').set(patch).where('id', '=', id).execute();
    },
    async remove(id: number) {
      await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
    },

    /** Counts one more failure in a row, answering the new count. */
    async failed(id: number, at: string): Promise<number> {
      await db
        .updateTable('webhook_subscriptions')
        .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1), updated_at: at }))
        .where('id', '=', id)
        .execute();
      const r = await db
        .selectFrom('webhook_subscriptions')
        .select('consecutive_failures')
        .where('id', '=', id)
        .executeTakeFirst();
      return r?.consecutive_failures ?? 0;
    },
    async succeeded(id: number, at: string) {
      await db
        .updateTable('webhook_subscriptions')
        .set({ consecutive_failures: 0, updated_at: at })
        .where('id', '=', id)
        .where('consecutive_failures', '>', 0)
        .execute();
    },
    /** Disables a subscription that is still enabled; true when this call did it. */
    async disable(id: number, at: string, reason: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_subscriptions')
        .set({ enabled: 0, disabled_at: at, disabled_reason: reason, updated_at: at })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    delivery: (id: number) => db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),
    deliveries(subscriptionId: number, page: number, perPage: number) {
      const q = db.selectFrom('webhook_deliveries').where('subscription_id', '=', subscriptionId);
      return paged(q, (b) => b.selectAll().orderBy('id', 'desc'), page, perPage);
    },
    /** The latest attempt of each subscription. */
    async lastDeliveries(ids: number[]): Promise<Map<number, DeliveryRow>> {
      const out = new Map<number, DeliveryRow>();
      if (!ids.length) return out;
      const latest = db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('subscription_id', 'in', ids)
        .groupBy('subscription_id');
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('id', 'in', latest).execute();
      for (const r of rows) out.set(r.subscription_id, r);
      return out;
    },
    async insertDelivery(row: Insertable<WebhookDeliveriesTable>) {
      return (await db.insertInto('webhook_deliveries').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    /** Records an attempt's outcome, if it is still pending (a re-run after a crash does nothing twice). */
    async settle(id: number, patch: Updateable<WebhookDeliveriesTable>): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set(patch)
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** The brand of an asset, or the brands of a collection's assets, for events that carry none. */
    assetBrand: (assetId: number) =>
      db.selectFrom('assets').select('brand_id').where('id', '=', assetId).executeTakeFirst(),
    collectionBrands: async (collectionId: number) =>
      (
        await db
          .selectFrom('collection_assets')
          .innerJoin('assets', 'assets.id', 'collection_assets.asset_id')
          .select('assets.brand_id')
          .distinct()
          .where('collection_assets.collection_id', '=', collectionId)
          .execute()
      ).map((r) => r.brand_id),
    creator: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'email', 'lang', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst(),
  };
}
export type WebhooksRepo = ReturnType<typeof webhooksRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    webhooks: WebhooksRepo;
  }
}
