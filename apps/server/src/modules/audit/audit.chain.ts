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

/** Each hash covers the previous one, so changing, removing or inserting an entry breaks the chain. */
export const chainHash = (prevHash: string, e: ChainedFields) => sha256(`${prevHash}\n${canonical(e)}`);
