import type { Generated } from 'kysely';

// The audit log and its head.

/** Append-only, hash-chained (2026112602_audit). */
export interface AuditLogTable {
  id: Generated<number>;
  seq: number;
  event: string;
  section: string;
  user_id: number | null;
  emulator_id: number | null;
  ip: string;
  user_agent: string | null;
  request_id: string | null;
  target_type: string | null;
  target_id: number | null;
  details: string;
  created_at: string;
  prev_hash: string;
  hash: string;
}

/** The chain's one head row: every audit writer updates it first. */
export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
  /** The first entry chained with the app key (HMAC); null while no key was ever set. */
  keyed_from: number | null;
  /** HMAC of `keyed_from`, so the boundary cannot be moved without the key. */
  keyed_mac: string | null;
}
