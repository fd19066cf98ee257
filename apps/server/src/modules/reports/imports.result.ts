import type { Lang } from '@brandvault/contract';
import type { Db } from '../../db/index.js';
import { reasonText } from './imports.view.js';
import { reportsRepo } from './reports.repo.js';
import { readTemplate } from './xlsx/reader.js';
import { writeWorkbook } from './xlsx/writer.js';
import type { Cell } from './xlsx/writer.js';

const WORDS = {
  en: { header: 'Result', applied: 'Changed', unchanged: 'Unchanged', refused: 'Refused' },
  es: { header: 'Resultado', applied: 'Cambiado', unchanged: 'Sin cambios', refused: 'Rechazado' },
};

/** The uploaded sheet again, with a result column per row (§1: kept for download, sent by e-mail). */
export async function resultSheet(db: Db, importId: number, source: Buffer, lang: Lang) {
  const sheet = await readTemplate(source);
  const rows = sheet.main?.rows ?? [];
  const header = rows[0]?.cells ?? [];
  const results = new Map<number, string>();
  const repo = reportsRepo(db);
  const w = WORDS[lang];
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
  const width = Math.max(header.length, ...rows.map((r) => r.cells.length));
  const columns = [
    ...Array.from({ length: width }, (_, i) => ({
      key: `c${i}`,
      header: header[i] ?? '',
      width: 20,
      hidden: /^id$/i.test(header[i] ?? ''),
    })),
    { key: 'result', header: w.header, width: 50 },
  ];
  function* body(): Generator<Cell[]> {
    for (const r of rows.slice(1)) {
      const cells: Cell[] = Array.from({ length: width }, (_, i) => r.cells[i] ?? '');
      yield [...cells, results.get(r.number) ?? ''];
    }
  }
  return writeWorkbook({ sheet: sheet.main?.name ?? 'Result', columns, rows: body() });
}
