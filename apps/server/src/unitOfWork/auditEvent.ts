import type { AuditChanges, AuditEventName, AuditTarget } from '@brandvault/contract';

/** One audit entry a change records (written by modules/audit/audit.trail.ts, the unit's AuditWriter). */
export interface AuditEvent {
  event: AuditEventName;
  /** Who did it, when the context has nobody signed in yet (a sign-in, a password reset). */
  userId?: number | null;
  target?: AuditTarget;
  changes?: AuditChanges;
  /** The event's own fields, as the catalogue names them. */
  info?: Record<string, unknown>;
}
