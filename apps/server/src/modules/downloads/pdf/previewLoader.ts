import type { BlobStore } from '../../../storage/index.js';
import type { AssetRow } from '../../assets/assets.repo.js';
import { parseList } from '../../assets/assets.view.js';
import type { PdfAsset } from './types.js';

/** What an asset row holds about its pictures (the derivatives job writes both keys). */
export type PreviewKeys = Pick<AssetRow, 'preview_key' | 'thumb_key'>;

/** The columns of `assets` a PDF page shows. */
export type PdfAssetRow = PreviewKeys &
  Pick<AssetRow, 'id' | 'name' | 'description' | 'keywords' | 'mime' | 'ext' | 'size' | 'width' | 'height' | 'author'>;

// Derivatives are WebP of at most 2048 px, well under a few MB; a larger blob is not one of them.
const MAX_PREVIEW_BYTES = 32 * 1024 * 1024;

const isMissing = (err: unknown) => (err as { code?: unknown } | null)?.code === 'BLOB_NOT_FOUND';

async function readBlob(storage: BlobStore, key: string): Promise<Buffer | null> {
  let stream;
  try {
    stream = await storage.get(key);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PREVIEW_BYTES) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return size ? Buffer.concat(chunks, size) : null;
}

/**
 * The bytes of the largest picture an asset has: `preview_key` (the derivatives job stores the
 * preview there, else the video poster, else the thumbnail), then `thumb_key` if that blob is
 * gone. Null when the asset has no picture or its blobs are missing; other storage faults throw,
 * so a job can retry them. Nothing is read until the renderer calls the function.
 */
export function previewLoader(storage: BlobStore, row: PreviewKeys): () => Promise<Buffer | null> {
  const keys = [...new Set([row.preview_key, row.thumb_key].filter((k): k is string => !!k))];
  return async () => {
    for (const key of keys) {
      const bytes = await readBlob(storage, key);
      if (bytes) return bytes;
    }
    return null;
  };
}

/** An asset row as the renderer takes it; its preview is read from storage only when drawn. */
export function pdfAssetFromRow(storage: BlobStore, row: PdfAssetRow): PdfAsset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    keywords: parseList(row.keywords),
    mime: row.mime,
    extension: row.ext,
    // PostgreSQL answers bigint columns as strings.
    size: Number(row.size),
    width: row.width,
    height: row.height,
    author: row.author,
    preview: previewLoader(storage, row),
  };
}
