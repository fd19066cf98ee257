import { TURNED_OFF } from '../analysis/switch/analysisSwitch.js';
import type { TextPage, TextSource } from '@brandvault/contract';
import { documentText } from '../../analysis/documents.js';
import { ModelRunError, ModelUnavailable } from '../../analysis/models.js';
import { readText } from '../../analysis/thread.js';
import type { AnalysisKind } from '../../config/config.js';
import type { Repos } from '../../deps/repos.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { BlobStore } from '../../storage/index.js';
import { withLocalFile } from '../assets/localFile.js';
import { TEXT_PIXEL_LIMIT, ocrInput } from './text.image.js';
import { textSourceOf } from './text.source.js';

/** The most text kept per asset (a 2,000-page PDF stops here), and the most of it search indexes. */
export const TEXT_MAX_CHARS = 500_000;
export const TEXT_SEARCH_CHARS = 100_000;
/** One OCR run's limit: a picture that takes longer is failed, and the thread starts afresh. */
const OCR_TIMEOUT_MS = 30_000;

export type TextResult =
  | { state: 'done'; source: TextSource; pages: TextPage[]; note?: string }
  | { state: 'skipped' | 'failed'; source: TextSource; reason: string };

const short = (s: string) => s.slice(0, 200);

/** OCR of an image file, as one page with its lines' boxes in the pixels OCR read. */
async function ocrPage(path: string, source: TextSource): Promise<TextResult> {
  const input = await ocrInput(path);
  if (input.state !== 'ready') return { ...input, source };
  const lines = await readText(input.image, OCR_TIMEOUT_MS);
  const text = lines.map((l) => l.text).join('\n');
  return {
    state: 'done',
    source,
    pages: [{ page: 1, text, width: input.width, height: input.height, lines: text ? lines : [] }],
  };
}

/** A document's pages (its text layer, OCR of scanned pages, an Office file's text). */
async function documentPages(path: string, ext: string, source: TextSource): Promise<TextResult> {
  const d = await documentText(path, ext);
  if (d.state !== 'done') return { state: d.state, source, reason: d.reason };
  return {
    state: 'done',
    source,
    ...(d.note ? { note: short(d.note) } : {}),
    pages: d.pages.map((p) => ({
      page: p.page,
      text: p.text,
      width: p.ocr?.width ?? null,
      height: p.ocr?.height ?? null,
      lines: p.ocr?.lines ?? [],
    })),
  };
}

/** Pages cut to TEXT_MAX_CHARS of text in all: later pages go, the last kept one is shortened. */
function capped(pages: TextPage[]): TextPage[] {
  let left = TEXT_MAX_CHARS;
  const kept: TextPage[] = [];
  for (const p of pages) {
    if (left <= 0) break;
    kept.push(p.text.length <= left ? p : { ...p, text: p.text.slice(0, left), lines: [] });
    left -= p.text.length;
  }
  return kept;
}

/**
 * Reads the text of one asset's revision and stores the outcome (done, skipped or failed with the
 * reason) with the words search finds it by, in one transaction. Never throws for a bad file or
 * a model: a model that cannot load skips, a run that fails or times out fails. An asset moved on
 * to a newer revision meanwhile, or of a type whose text is not read, is left alone (null).
 */
export async function analyseText(
  env: { repos: Repos; storage: BlobStore; clock: Clock; config: { analysis: readonly AnalysisKind[] } },
  assetId: number,
  rev: number,
): Promise<TextResult | null> {
  const asset = await env.repos.assets.byId(assetId);
  if (!asset || asset.derivative_rev !== rev) return null;
  const source = textSourceOf(asset);
  if (!source) return null;
  let result: TextResult;
  const pixels = (asset.width ?? 0) * (asset.height ?? 0);
  if (!env.config.analysis.includes('text') || !(await env.repos.analysis.settings(asset.brand_id)).text)
    result = { state: 'skipped', source, reason: TURNED_OFF };
  else if (source === 'ocr' && pixels > TEXT_PIXEL_LIMIT)
    result = { state: 'skipped', source, reason: `too large: ${asset.width} × ${asset.height} pixels` };
  else
    result = await (
      source === 'pdf' || source === 'office'
        ? withLocalFile(env.storage, asset.blob_key, (p) => documentPages(p, asset.ext, source))
        : // The preview (2048 px, upright, already decoded once) is OCR's picture; the original
          // only when no preview was made.
          withLocalFile(env.storage, asset.preview_key ?? asset.blob_key, (p) => ocrPage(p, source))
    ).catch((err: unknown): TextResult => {
      if (err instanceof ModelUnavailable) return { state: 'skipped', source, reason: short(err.message) };
      if (err instanceof ModelRunError) return { state: 'failed', source, reason: short(err.message) };
      return { state: 'failed', source, reason: short(`unreadable file: ${(err as Error).message}`) };
    });
  const pages = result.state === 'done' ? capped(result.pages) : [];
  const text = pages.map((p) => p.text).join('\n\n');
  await env.repos.text.save(
    {
      asset_id: assetId,
      brand_id: asset.brand_id,
      rev,
      state: result.state,
      // A document read only in part keeps why (its note) beside its text.
      reason: result.state === 'done' ? (result.note ?? null) : result.reason,
      source,
      text,
      pages: JSON.stringify(pages),
      analysed_at: iso(env.clock.now()),
    },
    text.slice(0, TEXT_SEARCH_CHARS),
  );
  return result;
}
