import { text } from 'node:stream/consumers';
import type { Repos } from '../../deps/repos.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { BlobStore, ObjectLock } from '../../storage/index.js';
import type { ChainKey } from './audit.chain.js';
import { checkpointMac } from './audit.chain.js';

/** A statement, kept outside the database, that the chain had `seq` entries ending in `hash`. */
export interface Checkpoint {
  seq: number;
  hash: string;
  at: string;
  keyedFrom: number | null;
  /** HMAC with the chain key; null when no APP_KEY was set (it then anchors, but anyone could write one). */
  mac: string | null;
}

const PREFIX = 'audit/checkpoints/';
// Zero-padded, so a listing sorts by sequence and one key holds one head.
const keyOf = (seq: number) => `${PREFIX}${String(seq).padStart(15, '0')}.json`;

export interface CheckpointLock {
  mode: ObjectLock['mode'];
  days: number;
}

/**
 * Writes the chain's head as a checkpoint object, unless that head has one already. On S3 with
 * object lock the object cannot be removed or replaced before `lock.days` have passed.
 */
export async function writeCheckpoint(
  deps: { repos: Pick<Repos, 'audit'>; storage: BlobStore; clock: Clock; key: ChainKey | undefined },
  lock?: CheckpointLock,
): Promise<Checkpoint | null> {
  const head = await deps.repos.audit.head();
  const seq = Number(head.seq);
  if (seq === 0 || (await deps.storage.stat(keyOf(seq)))) return null;
  const at = iso(deps.clock.now());
  const keyedFrom = head.keyed_from === null ? null : Number(head.keyed_from);
  const c = { seq, hash: head.hash, at, keyedFrom };
  const cp: Checkpoint = { ...c, mac: deps.key ? checkpointMac(deps.key, c) : null };
  const until = lock && lock.days > 0 ? new Date(deps.clock.now().getTime() + lock.days * 86_400_000) : undefined;
  await deps.storage.put(
    keyOf(seq),
    Buffer.from(JSON.stringify(cp)),
    'application/json',
    until && lock ? { mode: lock.mode, until } : undefined,
  );
  return cp;
}

/** Every checkpoint in the store, oldest first; an unreadable one comes back as `null` fields. */
export async function readCheckpoints(storage: BlobStore): Promise<{ key: string; cp: Checkpoint | null }[]> {
  const keys: string[] = [];
  for await (const e of storage.list(PREFIX)) keys.push(e.key);
  keys.sort();
  const out: { key: string; cp: Checkpoint | null }[] = [];
  for (const key of keys) {
    try {
      const v = JSON.parse(await text(await storage.get(key))) as Checkpoint;
      out.push({ key, cp: typeof v.seq === 'number' && typeof v.hash === 'string' ? v : null });
    } catch {
      out.push({ key, cp: null });
    }
  }
  return out;
}
