import { AUDIT_EVENTS } from '@brandvault/contract';
import type { AuditChanges } from '@brandvault/contract';
import type { Db } from '../../db/index.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { AnyContext } from '../../lib/requestContext.js';
import type { AuditEvent } from '../../unitOfWork/auditEvent.js';
import { chainKey } from './audit.chain.js';
// eslint-disable-next-line no-restricted-syntax -- the unit of work's writer appends with the chain key; reads use repos.audit
import { auditRepo } from './audit.repo.js';

export type { AuditEvent } from '../../unitOfWork/auditEvent.js';

const keyOf = (ctx: AnyContext) => (ctx.actor?.kind === 'user' ? ctx.actor.apiKeyId : undefined);

/**
 * Records an event in the transaction of the change it describes, so an entry exists exactly
 * when the change does. Failed attempts that change nothing (a refused sign-in) pass the
 * database itself.
 */
export function auditTrail(deps: { clock: Clock; config: { appKey?: string | undefined } }) {
  const key = chainKey(deps.config.appKey);
  const fields = (ctx: AnyContext, e: AuditEvent) => ({
    event: e.event,
    section: AUDIT_EVENTS[e.event].section,
    user_id: e.userId !== undefined ? e.userId : (ctx.actor?.user.id ?? null),
    emulator_id: ctx.emulatorId,
    ip: ctx.ip.slice(0, 64),
    user_agent: ctx.userAgent,
    request_id: ctx.requestId.slice(0, 64),
    details: JSON.stringify({
      ...(e.target ? { target: e.target } : {}),
      ...(e.changes && Object.keys(e.changes).length ? { changes: e.changes } : {}),
      ...(e.info ? { info: e.info } : {}),
      // A change made with an API key names the key, so a leaked key's doings can be traced.
      ...(keyOf(ctx) !== undefined ? { api_key_id: keyOf(ctx) } : {}),
    }),
    created_at: iso(deps.clock.now()),
  });
  return {
    record: (tx: Db, ctx: AnyContext, e: AuditEvent) => auditRepo(tx, key).append(fields(ctx, e), e.target),
    /** Several entries of one context in one transaction, in order (one per row of a bulk change). */
    recordMany: (tx: Db, ctx: AnyContext, events: AuditEvent[]) =>
      auditRepo(tx, key).appendMany(events.map((e) => ({ fields: fields(ctx, e), target: e.target }))),
  };
}
export type AuditTrail = ReturnType<typeof auditTrail>;

/** The fields that differ between two states of a row, as before/after pairs. */
export function changesOf<T extends object>(before: T, after: Partial<T>, fields: readonly (keyof T)[]): AuditChanges {
  const out: AuditChanges = {};
  for (const f of fields) {
    if (!(f in after)) continue;
    const b = before[f] ?? null;
    const a = after[f] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[String(f)] = { before: b, after: a };
  }
  return out;
}

/** Set-valued fields (roles, permissions, brand ids) compare as sorted sets. */
export function setChange(before: readonly (string | number)[], after: readonly (string | number)[]) {
  const sort = (v: readonly (string | number)[]) => [...v].sort((x, y) => String(x).localeCompare(String(y)));
  const b = sort(before);
  const a = sort(after);
  return JSON.stringify(b) === JSON.stringify(a) ? undefined : { before: b, after: a };
}

/** A new row's recorded fields: every one of them "after", nothing before. */
export function created(fields: Record<string, unknown>): AuditChanges {
  const out: AuditChanges = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = { before: null, after: v };
  return out;
}

export const userTarget = (u: { id: number; first_name: string; last_name: string; email: string }) =>
  ({ type: 'user', id: u.id, label: `${u.first_name} ${u.last_name} <${u.email}>` }) as const;
export const brandTarget = (b: { id: number; name: string }) => ({ type: 'brand', id: b.id, label: b.name }) as const;
export const folderTarget = (f: { id: number; name: string }) => ({ type: 'folder', id: f.id, label: f.name }) as const;
export const assetTarget = (a: { id: number; name: string }) => ({ type: 'asset', id: a.id, label: a.name }) as const;
export const collectionTarget = (c: { id: number; name: string }) =>
  ({ type: 'collection', id: c.id, label: c.name }) as const;
