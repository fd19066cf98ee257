import type { Subscription } from './subscribe.js';

/**
 * Who reacts to which event, and with what job: notifications, webhooks and statistics subscribe
 * here, one entry per pair, typed by `subscribe` (./subscribe.ts):
 *
 *   subscribe('asset.downloaded', 'stats.count', (e) => ({ asset_id: e.assetId }))
 *
 * The jobs run in the worker once the emitting transaction has committed.
 */
export const subscriptions: readonly Subscription[] = [];
