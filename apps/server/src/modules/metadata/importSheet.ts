import { OPTION_LABEL_MAX, TREE_PATH_SEPARATOR } from '@brandvault/contract';
import type { OptionImportResult } from '@brandvault/contract';
import { AppError, invalid } from '../../http/errors.js';
import { SheetTooLarge, sheetRows } from '../reports/xlsx/reader.js';
import { XlsxRefused, checkXlsx } from '../reports/xlsx/zipCheck.js';

type Skipped = OptionImportResult['skipped'][number];

/** Splits one cell on `›`, so a column may hold a whole path or one level. */
const levels = (cell: string) =>
  cell
    .split(TREE_PATH_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * An xlsx of options (its first sheet) as lines parseOptionText reads: a list takes column A;
 * a tree takes each row's cells left to right as levels (`A › B › C` paths work too), and a
 * row whose first cells are blank continues the path of the row above, as outlines are typed.
 * Rows that give nothing (blank, a gap between levels, a label too long) are reported, not fatal.
 */
export async function sheetOptionLines(
  fileName: string,
  data: Buffer,
  tree: boolean,
): Promise<{ lines: string[]; skipped: Skipped[] }> {
  const lines: string[] = [];
  const skipped: Skipped[] = [];
  const skip = (row: number, reason: Skipped['reason']) => {
    if (skipped.length < 100) skipped.push({ row, reason });
  };
  let above: string[] = [];
  try {
    await checkXlsx(fileName, data);
    for await (const batch of sheetRows(data)) {
      for (const { number, cells } of batch) {
        const trimmed = (tree ? cells : cells.slice(0, 1)).map((c) => c.trim());
        const first = trimmed.findIndex(Boolean);
        if (first === -1) {
          skip(number, 'blank');
          continue;
        }
        let last = trimmed.length - 1;
        while (!trimmed[last]) last--;
        const own = trimmed.slice(first, last + 1);
        if (own.some((c) => !c)) {
          skip(number, 'gap');
          continue;
        }
        // Leading blanks take that many levels of the row above; more than it has is a gap.
        const inherited = first === 0 ? [] : above.slice(0, first);
        if (inherited.length < first) {
          skip(number, 'gap');
          continue;
        }
        const path = tree ? [...inherited, ...own.flatMap(levels)] : own;
        if (path.some((l) => l.length > OPTION_LABEL_MAX)) {
          skip(number, 'tooLong');
          continue;
        }
        above = path;
        lines.push(tree ? path.join(` ${TREE_PATH_SEPARATOR} `) : path.join(' '));
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Refused by the zip checks, too large, or exceljs failing on it: the file's fault, never a 500.
    if (err instanceof XlsxRefused || err instanceof SheetTooLarge || err instanceof Error)
      throw invalid({ sheet: 'templateFile' });
    throw err;
  }
  return { lines, skipped };
}
