import type { AuditEntry } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { AuditLogTable } from '../../db/schema.js';

type Person = { id: number; first_name: string; last_name: string; email: string };

const person = (p: Person | undefined) =>
  p ? { id: p.id, name: `${p.first_name} ${p.last_name}`.trim(), email: p.email } : null;

/** A stored entry as the screen shows it: people by name, details unpacked. */
export function auditEntryView(row: Selectable<AuditLogTable>, people: Map<number, Person>): AuditEntry {
  const d = JSON.parse(row.details) as {
    target?: AuditEntry['target'];
    changes?: AuditEntry['changes'];
    info?: AuditEntry['info'];
  };
  return {
    id: Number(row.id),
    seq: Number(row.seq),
    event: row.event,
    section: row.section,
    user: row.user_id === null ? null : (person(people.get(row.user_id)) ?? { id: row.user_id, name: '', email: '' }),
    emulator:
      row.emulator_id === null
        ? null
        : (person(people.get(row.emulator_id)) ?? { id: row.emulator_id, name: '', email: '' }),
    ip: row.ip,
    user_agent: row.user_agent,
    target: d.target ?? null,
    changes: d.changes ?? null,
    info: d.info ?? null,
    created_at: row.created_at,
  };
}
