import { WEBHOOK_DISABLE_AFTER, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TEST_EVENT } from '@brandvault/contract';
import type { z } from 'zod';
import type { jobSchemas } from '../../jobs/payloads.js';
import type { JobContext } from '../../jobs/types.js';
import { iso } from '../../lib/clock.js';
import { asLang } from '../../mail/templates.js';
import { webhookMails } from './webhooks.mail.js';
import type { DeliveryRow } from './webhooks.repo.js';
import { appKeyFrom, newEventId, openSecret } from './webhooks.secret.js';
import { sendSigned } from './webhooks.send.js';

/**
 * Wait before the attempt after the n-th failed one (1-based): half a minute, then ever longer,
 * eight attempts in all over about a day (the Standard Webhooks recommendation, shortened).
 */
export const RETRY_DELAYS_MS = [30_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 21_600_000];
/** Jobs run once more after a crash; the row's state keeps a delivery from being sent twice. */
const JOB_ATTEMPTS = 3;

type Fanout = z.output<(typeof jobSchemas)['webhooks.fanout']>;
type Work = Parameters<Parameters<JobContext['tx']>[0]>[0];

/** A first attempt's row and its job, in the caller's transaction. */
export async function queueDelivery(
  t: Pick<Work, 'repos' | 'enqueue'>,
  row: { subscription_id: number; event_id: string; event_type: string; payload: string; attempt: number },
  at: Date,
): Promise<number> {
  const id = await t.repos.webhooks.insertDelivery({
    ...row,
    state: 'pending',
    status_code: null,
    response_ms: null,
    response_excerpt: null,
    error: null,
    next_attempt_at: iso(at),
    delivered_at: null,
    created_at: iso(at),
  });
  await t.enqueue('webhooks.deliver', { deliveryId: id }, { runAt: at, maxAttempts: JOB_ATTEMPTS });
  return id;
}

/** The JSON body of an event: its type, when, and ids of its subject; never bytes or secrets. */
export const eventBody = (type: string, at: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: iso(at), data });

/** One event → one delivery per enabled subscription of its brands that asked for it. */
export async function fanOut(p: Fanout, ctx: JobContext): Promise<number> {
  const { repos } = ctx;
  let brandIds = p.brandIds ?? [];
  if (p.assetId !== undefined) {
    const a = await repos.webhooks.assetBrand(p.assetId);
    brandIds = a ? [a.brand_id] : [];
  } else if (p.collectionId !== undefined) brandIds = await repos.webhooks.collectionBrands(p.collectionId);
  const subs = (await repos.webhooks.enabledFor([...new Set(brandIds)])).filter((s) =>
    (JSON.parse(s.events) as string[]).includes(p.type),
  );
  if (!subs.length) return 0;
  const now = ctx.clock.now();
  const data = { ...p.data, ...(brandIds.length === 1 && !('brand_id' in p.data) ? { brand_id: brandIds[0]! } : {}) };
  const payload = eventBody(p.type, now, data);
  await ctx.tx(async (t) => {
    for (const s of subs)
      await queueDelivery(
        t,
        { subscription_id: s.id, event_id: newEventId(), event_type: p.type, payload, attempt: 1 },
        now,
      );
  });
  return subs.length;
}

/**
 * One attempt: sign and send, store what the receiver said, and on failure plan the next attempt
 * (a new row and job) or, when the subscription keeps failing, disable it and tell its creator.
 */
export async function attempt(deliveryId: number, ctx: JobContext): Promise<DeliveryRow['state'] | null> {
  const { repos, clock } = ctx;
  const d = await repos.webhooks.delivery(deliveryId);
  if (!d || d.state !== 'pending') return null;
  const sub = await repos.webhooks.byId(d.subscription_id);
  if (!sub) return null;
  const isTest = d.event_type === WEBHOOK_TEST_EVENT;
  const now = clock.now();
  if (!sub.enabled && !isTest) {
    await repos.webhooks.settle(d.id, { state: 'failed', error: 'webhook disabled', next_attempt_at: null });
    return 'failed';
  }
  const appKey = await appKeyFrom(ctx.appKey, repos);
  const secrets = [openSecret(appKey, sub.secret_enc)];
  if (sub.previous_secret_enc && sub.previous_until && sub.previous_until > iso(now))
    secrets.push(openSecret(appKey, sub.previous_secret_enc));
  const usable = secrets.filter((s): s is string => s !== null);
  const result = usable.length
    ? await sendSigned(
        { url: sub.url, eventId: d.event_id, at: now, body: d.payload, secrets: usable },
        { allowLoopback: ctx.webhooks.allowLoopback },
      )
    : { ok: false, statusCode: null, responseMs: null, excerpt: null, error: 'secret unreadable (app key changed)' };
  const at = clock.now();
  const retryAt =
    !result.ok && !isTest && d.attempt < WEBHOOK_MAX_ATTEMPTS
      ? new Date(at.getTime() + RETRY_DELAYS_MS[d.attempt - 1]!)
      : null;
  const ctxSystem = {
    actor: null,
    ip: '',
    userAgent: null,
    emulatorId: null,
    lang: 'en' as const,
    requestId: 'webhooks',
  };
  return ctx.change(ctxSystem, async (u) => {
    const settled = await u.repos.webhooks.settle(d.id, {
      state: result.ok ? 'delivered' : 'failed',
      status_code: result.statusCode,
      response_ms: result.responseMs,
      response_excerpt: result.excerpt,
      error: result.error,
      delivered_at: result.ok ? iso(at) : null,
      next_attempt_at: retryAt ? iso(retryAt) : null,
    });
    if (!settled) return null;
    if (isTest) return result.ok ? 'delivered' : 'failed';
    if (result.ok) {
      await u.repos.webhooks.succeeded(sub.id, iso(at));
      return 'delivered';
    }
    const failures = await u.repos.webhooks.failed(sub.id, iso(at));
    if (failures >= WEBHOOK_DISABLE_AFTER || (!retryAt && failures >= WEBHOOK_MAX_ATTEMPTS)) {
      if (await u.repos.webhooks.disable(sub.id, iso(at), result.error ?? 'failed')) {
        await u.audit({
          event: 'webhook.disable',
          target: { type: 'webhook', id: sub.id, label: sub.url },
          info: { brand_id: sub.brand_id, failures },
        });
        const creator = sub.created_by ? await u.repos.webhooks.creator(sub.created_by) : undefined;
        if (creator && creator.status === 'ACTIVE')
          await u.mail(
            webhookMails.disabled(
              asLang(creator.lang),
              creator,
              sub.brand_name,
              sub.url,
              failures,
              `${(ctx.appUrl ?? '').replace(/\/$/, '')}/brand/webhooks`,
            ),
          );
      }
      return 'failed';
    }
    if (retryAt)
      await queueDelivery(
        u,
        {
          subscription_id: sub.id,
          event_id: d.event_id,
          event_type: d.event_type,
          payload: d.payload,
          attempt: d.attempt + 1,
        },
        retryAt,
      );
    return 'failed';
  });
}
