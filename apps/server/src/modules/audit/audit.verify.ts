import type { Db } from '../../db/index.js';
import { GENESIS_HASH, chainHash } from './audit.chain.js';
import { auditRepo } from './audit.repo.js';

export type VerifyResult =
  | { ok: true; entries: number; headHash: string }
  | { ok: false; entries: number; seq: number; problem: 'altered' | 'removed' | 'inserted'; detail: string };

const BATCH = 5_000;

/**
 * Walks the chain in order and names the first entry that does not hold: a hash that does not
 * match its bytes (altered), a gap in the sequence or a broken link (removed), or an entry the
 * head does not account for or that links to the wrong predecessor (inserted).
 */
export async function verifyAuditChain(db: Db): Promise<VerifyResult> {
  const repo = auditRepo(db);
  const head = await repo.head();
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
      const fail = (problem: 'altered' | 'removed' | 'inserted', detail: string, at = seq): VerifyResult => ({
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
      if (chainHash(prevHash, fields) !== r.hash) return fail('altered', `entry ${seq} does not match its hash`);
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
  if (prevSeq !== Number(head.seq) || prevHash !== head.hash) {
    return {
      ok: false,
      entries,
      seq: prevSeq + 1,
      problem: 'removed',
      detail: `the chain ends at entry ${prevSeq} but its head is at entry ${head.seq}`,
    };
  }
  return { ok: true, entries, headHash: head.hash };
}
