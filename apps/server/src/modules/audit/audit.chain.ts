import { createHmac } from 'node:crypto';
import { sha256 } from '../../lib/crypto.js';

/** The fields an entry's hash covers: everything it says, in a fixed order. */
export interface ChainedFields {
  seq: number;
  event: string;
  section: string;
  user_id: number | null;
  emulator_id: number | null;
  ip: string;
  user_agent: string | null;
  request_id: string | null;
  details: string;
  created_at: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/** Canonical bytes: a JSON array in a fixed order, so the same entry always hashes the same. */
export const canonical = (e: ChainedFields) =>
  JSON.stringify([
    e.seq,
    e.event,
    e.section,
    e.user_id,
    e.emulator_id,
    e.ip,
    e.user_agent,
    e.request_id,
    e.details,
    e.created_at,
  ]);

/** The chain's own key, derived from the app key so no other use of that key can make its MACs. */
export type ChainKey = Buffer;
export const chainKey = (appKey: string | undefined): ChainKey | undefined =>
  appKey ? createHmac('sha256', appKey).update('brandvault audit chain v1').digest() : undefined;

const mac = (key: ChainKey, text: string) => createHmac('sha256', key).update(text).digest('hex');

/**
 * Each hash covers the previous one, so changing, removing or inserting an entry breaks the chain.
 * With a key it is an HMAC: whoever can write the database but lacks the key cannot re-link it.
 */
export const chainHash = (prevHash: string, e: ChainedFields, key?: ChainKey) =>
  key ? mac(key, `${prevHash}\n${canonical(e)}`) : sha256(`${prevHash}\n${canonical(e)}`);

/** Signs the seq where keyed entries begin (stored with the head). */
export const keyedFromMac = (key: ChainKey, seq: number) => mac(key, `keyed-from\n${seq}`);

/** Signs a checkpoint's statement: the chain had `seq` entries ending in `hash` at `at`. */
export const checkpointMac = (key: ChainKey, c: { seq: number; hash: string; at: string; keyedFrom: number | null }) =>
  mac(key, `checkpoint\n${c.seq}\n${c.hash}\n${c.at}\n${c.keyedFrom ?? ''}`);
