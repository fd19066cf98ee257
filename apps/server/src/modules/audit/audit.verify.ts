import type { Repos } from '../../deps/repos.js';
import type { BlobStore } from '../../storage/index.js';
import type { ChainKey } from './audit.chain.js';
import { GENESIS_HASH, chainHash, checkpointMac, keyedFromMac } from './audit.chain.js';
import type { Checkpoint } from './audit.checkpoints.js';
import { readCheckpoints } from './audit.checkpoints.js';

export type VerifyProblem = 'altered' | 'removed' | 'inserted' | 'checkpoint';

export type VerifyResult =
  | {
      ok: true;
      entries: number;
      headHash: string;
      /** Whether the keyed entries' MACs were checked (a key is set and entries were written with it). */
      keyed: boolean;
      /** Checkpoints found outside the database that the chain agrees with. */
      checkpoints: number;
    }
  | { ok: false; entries: number; seq: number; problem: VerifyProblem; detail: string };

const BATCH = 5_000;

export interface VerifyOptions {
  /** The chain key (from APP_KEY); without it keyed entries are checked for their links only. */
  key?: ChainKey | undefined;
  /** Where checkpoints are kept; each must match the entry it names. */
  storage?: BlobStore | undefined;
}

/**
 * Walks the chain in order and names the first entry that does not hold: a hash that does not
 * match its bytes (altered), a gap in the sequence or a broken link (removed), an entry the head
 * does not account for or that links to the wrong predecessor (inserted), or an entry that
 * disagrees with a checkpoint kept outside the database (checkpoint).
 */
export async function verifyAuditChain(repos: Pick<Repos, 'audit'>, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const { key } = opts;
  const repo = repos.audit;
  const head = await repo.head();
  const keyedFrom = head.keyed_from === null ? null : Number(head.keyed_from);
  const stored = opts.storage ? await readCheckpoints(opts.storage) : [];
  const bySeq = new Map<number, Checkpoint>();
  for (const { key: k, cp } of stored) {
    if (!cp || (key && (!cp.mac || cp.mac !== checkpointMac(key, cp))))
      return {
        ok: false,
        entries: 0,
        seq: cp?.seq ?? 0,
        problem: 'checkpoint',
        detail: `${k} is not a signed checkpoint`,
      };
    if (cp.keyedFrom !== null && cp.keyedFrom !== keyedFrom)
      return {
        ok: false,
        entries: 0,
        seq: cp.keyedFrom,
        problem: 'altered',
        detail: `keyed entries began at ${cp.keyedFrom} (checkpoint ${cp.seq}), the database says ${keyedFrom ?? 'never'}`,
      };
    bySeq.set(cp.seq, cp);
  }
  if (key && keyedFrom === null)
    return { ok: false, entries: 0, seq: 1, problem: 'altered', detail: 'the start of keyed entries was removed' };
  if (key && keyedFrom !== null && head.keyed_mac !== keyedFromMac(key, keyedFrom))
    return {
      ok: false,
      entries: 0,
      seq: keyedFrom,
      problem: 'altered',
      detail: 'the start of keyed entries was moved',
    };
  let prevSeq = 0;
  let prevHash = GENESIS_HASH;
  // The link before the previous one: an entry that points there had a forged entry put before it.
  let prevPrevHash: string | null = null;
  let entries = 0;
  for (;;) {
    const rows = await repo.batchAfter(prevSeq, BATCH);
    for (const r of rows) {
      const seq = Number(r.seq);
      entries++;
      const fail = (problem: VerifyProblem, detail: string, at = seq): VerifyResult => ({
        ok: false,
        entries,
        seq: at,
        problem,
        detail,
      });
      if (seq > Number(head.seq)) return fail('inserted', `entry ${seq} is past the chain's head (${head.seq})`);
      if (seq !== prevSeq + 1) return fail('removed', `entries ${prevSeq + 1} to ${seq - 1} are missing`, prevSeq + 1);
      const fields = { ...r, seq };
      if (r.prev_hash !== prevHash) {
        if (r.prev_hash === prevPrevHash)
          return fail('inserted', `entry ${prevSeq} was put between two linked entries`, prevSeq);
        return fail('altered', `entry ${seq} does not link to entry ${prevSeq}`);
      }
      const keyed = keyedFrom !== null && seq >= keyedFrom;
      // Without the key a keyed entry's MAC cannot be recomputed: its links and checkpoints still are.
      if ((!keyed || key) && chainHash(prevHash, fields, keyed ? key : undefined) !== r.hash)
        return fail('altered', `entry ${seq} does not match its hash`);
      const cp = bySeq.get(seq);
      if (cp && cp.hash !== r.hash) return fail('checkpoint', `entry ${seq} differs from its checkpoint of ${cp.at}`);
      // The target columns index what the hashed details say; they must say the same.
      const target = (JSON.parse(r.details) as { target?: { type: string; id: number } }).target;
      if (
        (target?.type ?? null) !== r.target_type ||
        (target?.id ?? null) !== (r.target_id === null ? null : Number(r.target_id))
      )
        return fail('altered', `entry ${seq} names another target than its details`);
      prevSeq = seq;
      prevPrevHash = prevHash;
      prevHash = r.hash;
    }
    if (rows.length < BATCH) break;
  }
  const beyond = [...bySeq.values()].find((c) => c.seq > prevSeq);
  if (beyond)
    return {
      ok: false,
      entries,
      seq: prevSeq + 1,
      problem: 'removed',
      detail: `the chain ends at entry ${prevSeq} but a checkpoint of ${beyond.at} saw entry ${beyond.seq}`,
    };
  if (prevSeq !== Number(head.seq) || prevHash !== head.hash) {
    return {
      ok: false,
      entries,
      seq: prevSeq + 1,
      problem: 'removed',
      detail: `the chain ends at entry ${prevSeq} but its head is at entry ${head.seq}`,
    };
  }
  return { ok: true, entries, headHash: head.hash, keyed: !!key && keyedFrom !== null, checkpoints: bySeq.size };
}
