import type { Lang } from '@brandvault/contract';
import type { Repos } from '../../deps/repos.js';
import { reasonText } from './imports.view.js';
import { sheetRows } from './xlsx/reader.js';
import type { SheetRow } from './xlsx/reader.js';
import { writeWorkbook } from './xlsx/writer.js';
import type { Cell } from './xlsx/writer.js';

const WORDS = {
  en: { header: 'Result', applied: 'Changed', unchanged: 'Unchanged', refused: 'Refused' },
  es: { header: 'Resultado', applied: 'Cambiado', unchanged: 'Sin cambios', refused: 'Rechazado' },
};

/**
 * The uploaded sheet again, with a result column per row (§1: kept for download, sent by
 * e-mail), read and written a thousand rows at a time.
 */
export async function resultSheet(repos: Pick<Repos, 'reports'>, importId: number, source: Buffer, lang: Lang) {
  const repo = repos.reports;
  const w = WORDS[lang];
  const results = new Map<number, string>();
  for (let after = 0; ;) {
    const batch = await repo.rowsAfter(importId, after, 2000);
    if (!batch.length) break;
    for (const r of batch) {
      const why = reasonText(r.result_reason, r.result_vars, lang);
      const word = r.result === 'applied' ? w.applied : r.result === 'unchanged' ? w.unchanged : w.refused;
      results.set(r.row_no, why ? `${word}: ${why}` : word);
    }
    after = batch.at(-1)!.row_no;
  }
  const batches = sheetRows(source);
  const first = await batches.next();
  const head: SheetRow[] = first.done ? [] : first.value;
  const header = head[0]?.number === 1 ? head[0].cells : [];
  const width = Math.max(header.length, ...head.map((r) => r.cells.length));
  const columns = [
    ...Array.from({ length: width }, (_, i) => ({
      key: `c${i}`,
      header: header[i] ?? '',
      width: 20,
      hidden: /^id$/i.test(header[i] ?? ''),
    })),
    { key: 'result', header: w.header, width: 50 },
  ];
  const line = (r: SheetRow): Cell[] => [
    ...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''),
    results.get(r.number) ?? '',
  ];
  async function* body(): AsyncGenerator<Cell[]> {
    for (const r of head) if (r.number !== 1) yield line(r);
    for await (const batch of batches) for (const r of batch) yield line(r);
  }
  return writeWorkbook({ sheet: 'Result', columns, rows: body() });
}
