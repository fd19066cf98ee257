import type { AuditQuery, Lang } from '@brandvault/contract';
import { TEMPLATE_MAX_ROWS, auditEventLabel, auditSectionLabel } from '@brandvault/contract';
import type { z } from 'zod';
import type { Repos } from '../../deps/repos.js';
import { auditFilter } from '../audit/audit.service.js';
import { auditEntryView } from '../audit/audit.view.js';
import { sheetColumns } from './templateSheet.js';
import type { TemplateColumn } from './templateSheet.js';
import { writeWorkbook } from './xlsx/writer.js';
import type { Cell } from './xlsx/writer.js';

const COLUMNS: readonly TemplateColumn[] = [
  { key: 'seq', en: 'No.', es: 'N.º', width: 8 },
  { key: 'date', en: 'Date (UTC)', es: 'Fecha (UTC)', width: 20 },
  { key: 'event', en: 'Event', es: 'Evento', width: 30 },
  { key: 'section', en: 'Section', es: 'Sección', width: 22 },
  { key: 'user', en: 'User', es: 'Usuario', width: 28 },
  { key: 'emulator', en: 'Acting administrator', es: 'Administrador que actuaba', width: 24 },
  { key: 'ip', en: 'IP', es: 'IP', width: 16 },
  { key: 'user_agent', en: 'User agent', es: 'Agente de usuario', width: 30 },
  { key: 'target', en: 'Target', es: 'Objeto', width: 30 },
  { key: 'changes', en: 'Changes', es: 'Cambios', width: 40 },
  { key: 'info', en: 'Details', es: 'Detalles', width: 30 },
];
const BATCH = 1000;

/** The audit log under the screen's filter (§7 `get/audit/template`), newest first, at most TEMPLATE_MAX_ROWS. */
export async function auditReportFile(
  repos: Pick<Repos, 'audit'>,
  q: z.output<typeof AuditQuery>,
  lang: Lang,
  now: Date,
) {
  const repo = repos.audit;
  const f = auditFilter(q);
  async function* rows(): AsyncGenerator<Cell[]> {
    let before = Number.MAX_SAFE_INTEGER;
    let n = 0;
    while (n < TEMPLATE_MAX_ROWS) {
      const batch = await repo.filteredBefore(f, before, Math.min(BATCH, TEMPLATE_MAX_ROWS - n));
      if (!batch.length) return;
      const ids = new Set<number>();
      for (const r of batch) for (const id of [r.user_id, r.emulator_id]) if (id !== null) ids.add(id);
      const people = await repo.people([...ids]);
      for (const row of batch) {
        const e = auditEntryView(row, people);
        const who = (p: typeof e.user) => (p ? `${p.name} <${p.email}>` : '');
        yield [
          e.seq,
          e.created_at.slice(0, 19).replace('T', ' '),
          auditEventLabel(e.event, lang),
          auditSectionLabel(e.section, lang),
          who(e.user),
          who(e.emulator),
          e.ip,
          e.user_agent ?? '',
          e.target ? `${e.target.type} #${e.target.id}: ${e.target.label}` : '',
          e.changes ? JSON.stringify(e.changes) : '',
          e.info ? JSON.stringify(e.info) : '',
        ];
      }
      n += batch.length;
      before = Number(batch.at(-1)!.seq);
    }
  }
  const file = await writeWorkbook({ sheet: 'Audit', columns: sheetColumns(COLUMNS, lang), rows: rows() });
  const stamp = now.toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');
  return { ...file, name: `${lang === 'es' ? 'Auditoría' : 'Audit'} ${stamp}.xlsx` };
}
