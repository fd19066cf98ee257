import type { AuditEventName, AuditSection } from '@brandvault/contract';
import type { Db } from '../../db/index.js';
import { paged } from '../../db/paged.js';
import type { ChainKey, ChainedFields } from './audit.chain.js';
import { chainHash, keyedFromMac } from './audit.chain.js';

export interface AuditFilter {
  event?: AuditEventName;
  section?: AuditSection;
  userId?: number;
  /** ISO instants, inclusive lower and exclusive upper bound. */
  from?: string;
  until?: string;
  ip?: string;
}

export function auditRepo(db: Db, key?: ChainKey) {
  function filtered(f: AuditFilter) {
    let q = db.selectFrom('audit_log');
    if (f.event) q = q.where('event', '=', f.event);
    if (f.section) q = q.where('section', '=', f.section);
    // A user's entries: what they did, did while emulated, and what was done to them.
    if (f.userId !== undefined)
      q = q.where((eb) =>
        eb.or([
          eb('user_id', '=', f.userId!),
          eb('emulator_id', '=', f.userId!),
          eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', f.userId!)]),
        ]),
      );
    if (f.from) q = q.where('created_at', '>=', f.from);
    if (f.until) q = q.where('created_at', '<', f.until);
    if (f.ip) q = q.where('ip', '=', f.ip);
    return q;
  }

  /**
   * Called with the head row locked: the first entry written with a key marks where keyed entries
   * begin (signed), and the key applies from there on.
   */
  async function keyFor(head: { keyed_from: number | string | null }, firstSeq: number) {
    if (!key) return undefined;
    if (head.keyed_from === null)
      await db
        .updateTable('audit_head')
        .set({ keyed_from: firstSeq, keyed_mac: keyedFromMac(key, firstSeq) })
        .where('id', '=', 1)
        .execute();
    return key;
  }

  return {
    /**
     * Appends one entry to the chain. Moving the head first takes its row lock (PostgreSQL) or the
     * write lock (SQLite) until the caller's transaction ends, so entries are chained one at a
     * time in commit order and two writers never link to the same predecessor.
     */
    async append(fields: Omit<ChainedFields, 'seq'>, target: { type: string; id: number } | undefined) {
      const head = await db
        .updateTable('audit_head')
        .set((eb) => ({ seq: eb('seq', '+', 1) }))
        .where('id', '=', 1)
        .returning(['seq', 'hash', 'keyed_from'])
        .executeTakeFirstOrThrow();
      const seq = Number(head.seq);
      const entry = { ...fields, seq };
      const hash = chainHash(head.hash, entry, await keyFor(head, seq));
      await db
        .insertInto('audit_log')
        .values({
          ...entry,
          target_type: target?.type ?? null,
          target_id: target?.id ?? null,
          prev_hash: head.hash,
          hash,
        })
        .execute();
      await db.updateTable('audit_head').set({ hash }).where('id', '=', 1).execute();
      return seq;
    },

    /**
     * Appends entries in one go, in order, chained as `append` would one by one: the head moves by
     * their number once, then they are inserted together (a bulk import writes thousands).
     */
    async appendMany(
      entries: { fields: Omit<ChainedFields, 'seq'>; target: { type: string; id: number } | undefined }[],
    ) {
      if (!entries.length) return;
      const head = await db
        .updateTable('audit_head')
        .set((eb) => ({ seq: eb('seq', '+', entries.length) }))
        .where('id', '=', 1)
        .returning(['seq', 'hash', 'keyed_from'])
        .executeTakeFirstOrThrow();
      let seq = Number(head.seq) - entries.length;
      let prev = head.hash;
      const k = await keyFor(head, seq + 1);
      const rows = entries.map(({ fields, target }) => {
        const entry = { ...fields, seq: ++seq };
        const hash = chainHash(prev, entry, k);
        const row = {
          ...entry,
          target_type: target?.type ?? null,
          target_id: target?.id ?? null,
          prev_hash: prev,
          hash,
        };
        prev = hash;
        return row;
      });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('audit_log')
          .values(rows.slice(i, i + 500))
          .execute();
      await db.updateTable('audit_head').set({ hash: prev }).where('id', '=', 1).execute();
    },

    /**
     * With a key, marks where keyed entries begin (the next entry) unless that is known already: a
     * start with APP_KEY set does it, so from then on an unmarked head is itself a sign of tampering.
     */
    async markKeyed() {
      if (!key) return;
      const head = await db
        .selectFrom('audit_head')
        .select(['seq', 'keyed_from'])
        .where('id', '=', 1)
        .executeTakeFirst();
      if (!head || head.keyed_from !== null) return;
      const from = Number(head.seq) + 1;
      await db
        .updateTable('audit_head')
        .set({ keyed_from: from, keyed_mac: keyedFromMac(key, from) })
        .where('id', '=', 1)
        .where('keyed_from', 'is', null)
        .where('seq', '=', head.seq)
        .execute();
    },

    /** One page of entries, newest first; the filter is shared with the export. */
    page: (f: AuditFilter, page: number, perPage: number) =>
      paged(filtered(f), (q) => q.selectAll().orderBy('seq', 'desc'), page, perPage),

    /**
     * The newest entries, no total: everyone's, or what `userId` did themselves (not while an
     * administrator acted as them). Walks the sequence index (or the user's) from the end.
     */
    recent: (limit: number, userId?: number) =>
      db
        .selectFrom('audit_log')
        .selectAll()
        .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!).where('emulator_id', 'is', null))
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute(),
    /** Entries under a filter, newest first, a batch at a time before `beforeSeq` (the xlsx export). */
    filteredBefore: (f: AuditFilter, beforeSeq: number, limit: number) =>
      filtered(f).selectAll().where('seq', '<', beforeSeq).orderBy('seq', 'desc').limit(limit).execute(),

    /** Every entry in chain order, a batch at a time (the verifier walks millions this way). */
    async batchAfter(seq: number, limit: number) {
      return db.selectFrom('audit_log').selectAll().where('seq', '>', seq).orderBy('seq').limit(limit).execute();
    },

    /** The people entries name, by id (users are never deleted, only deactivated). */
    async people(ids: number[]) {
      if (!ids.length) return new Map<number, { id: number; first_name: string; last_name: string; email: string }>();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    head: () =>
      db
        .selectFrom('audit_head')
        .select(['seq', 'hash', 'keyed_from', 'keyed_mac'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow(),
    /** One entry's link, for checking a checkpoint against the chain. */
    hashAt: (seq: number) =>
      db.selectFrom('audit_log').select(['seq', 'hash']).where('seq', '=', seq).executeTakeFirst(),
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    /** Keyless: for reading the chain. Entries are written by the unit of work's keyed writer (audit.trail.ts). */
    audit: AuditRepo;
  }
}
