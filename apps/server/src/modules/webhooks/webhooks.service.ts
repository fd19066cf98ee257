import { WEBHOOK_TEST_EVENT } from '@brandvault/contract';
import type { PageQuery, WebhookBody, WebhookListQuery, WebhookUpdateBody } from '@brandvault/contract';
import type { z } from 'zod';
import type { Actor } from '../../access/principal.js';
import type { Deps } from '../../deps/deps.js';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { changesOf, created } from '../audit/audit.trail.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { resolveTarget } from './webhooks.address.js';
import { eventBody, queueDelivery } from './webhooks.deliveries.js';
import { webhooksPolicy } from './webhooks.policy.js';
import type { WebhookRow } from './webhooks.repo.js';
import { newEventId, newSecret, ROTATION_OVERLAP_MS, sealSecret } from './webhooks.secret.js';
import { deliveryView, webhookView } from './webhooks.view.js';

type Body = z.output<typeof WebhookBody>;
type UpdateBody = z.output<typeof WebhookUpdateBody>;
const PER_PAGE = 25;

const target = (w: { id: number; url: string }) => ({ type: 'webhook', id: w.id, label: w.url }) as const;

export function webhooksService(deps: Deps) {
  const { repos, clock, config } = deps;
  const now = () => iso(clock.now());

  /** 422 on `url` unless it is https (or loopback http when allowed) and resolves to public addresses. */
  async function checkUrl(url: string) {
    const r = await resolveTarget(url, config.webhooks.allowLoopback);
    if (!r.ok)
      throw invalid({
        url: r.reason === 'https' ? 'webhookHttps' : r.reason === 'private' ? 'webhookPrivate' : 'webhookUnresolvable',
      });
  }

  /** The subscription, if the actor may manage its brand (404 for brands not seen, 403 otherwise). */
  async function managed(actor: Actor, id: number): Promise<WebhookRow> {
    const w = await repos.webhooks.byId(id);
    if (!w) throw new AppError('NOT_FOUND');
    await visibleBrand(repos, actor, w.brand_id);
    authorize(webhooksPolicy.manage(actor));
    return w;
  }

  async function one(actor: Actor, id: number) {
    const w = found(await repos.webhooks.byId(id));
    const last = await repos.webhooks.lastDeliveries([id]);
    return webhookView(actor, w, last.get(id), now());
  }

  return {
    async list({ actor }: RequestContext, q: z.output<typeof WebhookListQuery>) {
      await visibleBrand(repos, actor, q.brand_id);
      authorize(webhooksPolicy.manage(actor));
      const perPage = q.per_page ?? PER_PAGE;
      const page = await repos.webhooks.list(q.brand_id, q.page, perPage);
      const last = await repos.webhooks.lastDeliveries(page.items.map((w) => w.id));
      const at = now();
      return {
        items: page.items.map((w) => webhookView(actor, w, last.get(w.id), at)),
        total: page.total,
        page: q.page,
        per_page: perPage,
      };
    },

    get: async ({ actor }: RequestContext, id: number) => {
      await managed(actor, id);
      return { webhook: await one(actor, id) };
    },

    async create(ctx: RequestContext, body: Body) {
      const { actor } = ctx;
      await visibleBrand(repos, actor, body.brand_id);
      authorize(webhooksPolicy.manage(actor));
      await checkUrl(body.url);
      const secret = newSecret();
      const at = now();
      const id = await deps.change(ctx, async (u) => {
        const newId = await u.repos.webhooks.insert({
          brand_id: body.brand_id,
          url: body.url,
          events: JSON.stringify(body.events),
          description: body.description || null,
          secret_enc: sealSecret(deps.appKey, secret),
          previous_secret_enc: null,
          previous_until: null,
          enabled: 1,
          disabled_at: null,
          disabled_reason: null,
          consecutive_failures: 0,
          created_by: actor.user.id,
          created_at: at,
          updated_at: at,
        });
        await u.audit({
          event: 'webhook.create',
          target: target({ id: newId, url: body.url }),
          changes: created({ url: body.url, events: body.events, description: body.description }),
          info: { brand_id: body.brand_id, url: body.url, events: body.events },
        });
        return newId;
      });
      return { webhook: await one(actor, id), secret };
    },

    async update(ctx: RequestContext, id: number, body: UpdateBody) {
      const { actor } = ctx;
      const before = await managed(actor, id);
      if (body.url !== before.url) await checkUrl(body.url);
      const values = { url: body.url, events: JSON.stringify(body.events), description: body.description || null };
      await deps.change(ctx, async (u) => {
        await u.repos.webhooks.update(id, { ...values, updated_at: now() });
        await u.audit({
          event: 'webhook.update',
          target: target({ id, url: body.url }),
          changes: changesOf(before, values, ['url', 'events', 'description']),
          info: { brand_id: before.brand_id },
        });
      });
      return { webhook: await one(actor, id) };
    },

    async remove(ctx: RequestContext, id: number) {
      const w = await managed(ctx.actor, id);
      await deps.change(ctx, async (u) => {
        await u.repos.webhooks.remove(id);
        await u.audit({ event: 'webhook.delete', target: target(w), info: { brand_id: w.brand_id } });
      });
      return { message: 'Webhook deleted.' };
    },

    /** A new secret, answered once; the old one keeps signing for a day beside it. */
    async rotate(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const w = await managed(actor, id);
      const secret = newSecret();
      const until = iso(new Date(clock.now().getTime() + ROTATION_OVERLAP_MS));
      await deps.change(ctx, async (u) => {
        await u.repos.webhooks.update(id, {
          secret_enc: sealSecret(deps.appKey, secret),
          previous_secret_enc: w.secret_enc,
          previous_until: until,
          updated_at: now(),
        });
        await u.audit({ event: 'webhook.rotate', target: target(w), info: { brand_id: w.brand_id } });
      });
      return { webhook: await one(actor, id), secret };
    },

    async enable(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const w = await managed(actor, id);
      if (!w.enabled)
        await deps.change(ctx, async (u) => {
          await u.repos.webhooks.update(id, {
            enabled: 1,
            disabled_at: null,
            disabled_reason: null,
            consecutive_failures: 0,
            updated_at: now(),
          });
          await u.audit({
            event: 'webhook.enable',
            target: target(w),
            changes: { enabled: { before: false, after: true } },
            info: { brand_id: w.brand_id },
          });
        });
      return { webhook: await one(actor, id) };
    },

    /** A `webhook.test` event now, as a job: the request never waits for the receiver. */
    async test(ctx: RequestContext, id: number) {
      const w = await managed(ctx.actor, id);
      const at = clock.now();
      const deliveryId = await deps.change(ctx, async (u) => {
        const d = await queueDelivery(
          u,
          {
            subscription_id: id,
            event_id: newEventId(),
            event_type: WEBHOOK_TEST_EVENT,
            payload: eventBody(WEBHOOK_TEST_EVENT, at, { webhook_id: id, brand_id: w.brand_id }),
            attempt: 1,
          },
          at,
        );
        await u.audit({ event: 'webhook.test', target: target(w), info: { brand_id: w.brand_id } });
        return d;
      });
      return { delivery: deliveryView(found(await repos.webhooks.delivery(deliveryId))) };
    },

    async deliveries({ actor }: RequestContext, id: number, q: z.output<typeof PageQuery>) {
      await managed(actor, id);
      const perPage = q.per_page ?? PER_PAGE;
      const page = await repos.webhooks.deliveries(id, q.page, perPage);
      return { items: page.items.map(deliveryView), total: page.total, page: q.page, per_page: perPage };
    },

    /** The same event again (same webhook-id, so receivers can tell a repeat), with retries of its own. */
    async redeliver(ctx: RequestContext, id: number, deliveryId: number) {
      const w = await managed(ctx.actor, id);
      const d = await repos.webhooks.delivery(deliveryId);
      if (!d || d.subscription_id !== id) throw new AppError('NOT_FOUND');
      const newId = await deps.change(ctx, async (u) => {
        const n = await queueDelivery(
          u,
          { subscription_id: id, event_id: d.event_id, event_type: d.event_type, payload: d.payload, attempt: 1 },
          clock.now(),
        );
        await u.audit({
          event: 'webhook.redeliver',
          target: target(w),
          info: { brand_id: w.brand_id, event_id: d.event_id },
        });
        return n;
      });
      return { delivery: deliveryView(found(await repos.webhooks.delivery(newId))) };
    },
  };
}
export type WebhooksService = ReturnType<typeof webhooksService>;

declare module '../../deps/services.js' {
  interface Services {
    webhooks: WebhooksService;
  }
}
