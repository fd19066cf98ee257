import type { AuditQuery, AuditRecent, AuditRecentQuery, AuditVerify } from '@brandvault/contract';
import { USERS_PER_PAGE } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { chainKey } from './audit.chain.js';
import { auditPolicy } from './audit.policy.js';
import type { AuditFilter } from './audit.repo.js';
import { verifyAuditChain } from './audit.verify.js';
import { auditEntryView } from './audit.view.js';

type Query = z.output<typeof AuditQuery>;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** The query's filters as the repo reads them (days → instants); the export reuses it. */
export const auditFilter = (q: Query): AuditFilter => ({
  event: q.event,
  section: q.section,
  userId: q.user_id,
  from: q.from ? `${q.from}T00:00:00.000Z` : undefined,
  until: q.to ? nextDay(q.to) : undefined,
  ip: q.ip,
});

export function auditService(deps: Deps) {
  const repo = deps.repos.audit;
  return {
    async list(ctx: RequestContext, q: Query) {
      authorize(auditPolicy.can(ctx.actor, 'list'));
      const perPage = q.per_page ?? USERS_PER_PAGE;
      const { total, items } = await repo.page(auditFilter(q), q.page, perPage);
      const ids = new Set<number>();
      for (const r of items) {
        if (r.user_id !== null) ids.add(r.user_id);
        if (r.emulator_id !== null) ids.add(r.emulator_id);
      }
      const people = await repo.people([...ids]);
      return { items: items.map((r) => auditEntryView(r, people)), total, page: q.page, per_page: perPage };
    },

    /** The dashboard's recent activity: everyone's for those who read the log, else the caller's own. */
    async recent(ctx: RequestContext, q: z.output<typeof AuditRecentQuery>): Promise<AuditRecent> {
      const all = auditPolicy.can(ctx.actor, 'list');
      const rows = await repo.recent(q.limit, all ? undefined : ctx.actor.user.id);
      const ids = new Set<number>();
      for (const r of rows) {
        if (r.user_id !== null) ids.add(r.user_id);
        if (r.emulator_id !== null) ids.add(r.emulator_id);
      }
      const people = await repo.people([...ids]);
      return { scope: all ? 'all' : 'mine', items: rows.map((r) => auditEntryView(r, people)) };
    },

    /** The integrity check, from the audit screen: the same walk as `npm run audit:verify`. */
    async verify(ctx: RequestContext): Promise<AuditVerify> {
      authorize(auditPolicy.can(ctx.actor, 'list'));
      const r = await verifyAuditChain(deps.repos, { key: chainKey(deps.config.appKey), storage: deps.storage });
      return r.ok
        ? { ok: true, entries: r.entries, keyed: r.keyed, checkpoints: r.checkpoints, broken: null }
        : {
            ok: false,
            entries: r.entries,
            keyed: !!deps.config.appKey,
            checkpoints: 0,
            broken: { seq: r.seq, problem: r.problem, detail: r.detail },
          };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    audit: ReturnType<typeof auditService>;
  }
}
