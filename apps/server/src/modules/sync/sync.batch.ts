import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { posix } from 'node:path';
import type { ErrorCode, FieldValue } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { UnitOfWork } from '../../deps/deps.js';
import type { AuditEvent } from '../../unitOfWork/auditEvent.js';
import { assetTarget } from '../audit/audit.trail.js';
import { prepareNewAsset, writeNewAsset } from '../assets/ingest.js';
import type { AllowList, PreparedFile } from '../assets/ingest.js';
import { uploadNeedsReview } from '../assets/review.js';
import { writeCarried } from '../metadata/values.carried.js';
import type { FolderRow } from '../folders/folders.repo.js';
import { reasonOf } from './sync.reconcile.js';
import type { Reconciler, RunEnv } from './sync.reconcile.js';
import type { ScannedFile } from './sync.scan.js';
import type { SyncEntryRow } from './sync.repo.js';

/** Files whose rows share one transaction: the per-transaction cost is paid once per batch. */
export const IMPORT_BATCH = 200;

/**
 * Test seams: `open` reads a source file (a test counts the reads through a wrapped stream);
 * `inTransaction` runs among a file's rows (a test throws there to fail one file of a batch).
 */
export const importHooks: {
  open: ((path: string) => Readable) | null;
  inTransaction: ((rel: string) => void) | null;
} = { open: null, inTransaction: null };

interface Pending {
  f: ScannedFile;
  prev: SyncEntryRow | undefined;
  folder: FolderRow;
  prepared: PreparedFile;
}

/**
 * The first import of new paths, in batches: each file is stored while it is hashed (one read,
 * into the store's one staging directory) and checked on its own, a few at a time; then the
 * rows of up to `IMPORT_BATCH` files (asset, version, jobs, audit entries, the path's entry and
 * the report's row) are written in one transaction. When a batch's transaction fails, its files
 * are written one at a time, so one bad file is reported failed and the others still land.
 * `done(n)` is told once a batch has committed.
 */
export function importBatcher(
  env: RunEnv,
  act: Reconciler,
  folderFor: (dir: string) => Promise<FolderRow>,
  allow: AllowList,
  done: (files: number) => Promise<void>,
) {
  const { deps, ctx, source, runId } = env;
  const defaults = JSON.parse(source.field_values || '{}') as Record<string, FieldValue>;
  let pending: Pending[] = [];
  let writing: Promise<void> = Promise.resolve();

  /** The rows of `batch` in one transaction; throws (nothing written) if any file's rows fail. */
  const write = (batch: Pending[]) =>
    deps.change(ctx, async (u: UnitOfWork) => {
      const at = iso(deps.clock.now());
      const audits: AuditEvent[] = [];
      const review = new Map<number, Promise<boolean>>();
      const reviewOf = (brandId: number) => {
        let r = review.get(brandId);
        if (!r) review.set(brandId, (r = uploadNeedsReview(u, ctx, brandId)));
        return r;
      };
      const entries = [];
      const items = [];
      for (const p of batch) {
        const { assetId } = await writeNewAsset(deps, ctx, u, p.folder, p.prepared, {
          at,
          audits,
          reviewOf,
          inTransaction: async (t, id, stored) => {
            importHooks.inTransaction?.(p.f.rel);
            // The source's default field values; a missing required one is a gap, never a refusal.
            const written = await writeCarried(
              t.repos,
              { id, brand_id: p.folder.brand_id, type: stored.assetType },
              defaults,
              { enforceRequired: false },
            );
            if (Object.keys(written).length)
              audits.push({
                event: 'asset.fields',
                target: assetTarget({ id, name: p.prepared.name }),
                changes: Object.fromEntries(Object.entries(written).map(([k, v]) => [k, { before: null, after: v }])),
              });
          },
        });
        const { f } = p;
        entries.push({
          source_id: source.id,
          rel_path: f.rel,
          size: f.size,
          mtime_ms: f.mtimeMs,
          sha256: p.prepared.file.sha256,
          asset_id: assetId,
          failed_size: null,
          failed_mtime_ms: null,
          missing_since: null,
        });
        items.push({ run_id: runId, path: f.rel, outcome: 'new', reason: null, from_path: null, asset_id: assetId });
      }
      await u.auditMany(audits);
      await u.repos.sync.saveEntries(entries);
      await u.repos.sync.addItems(items);
    });

  async function commit(batch: Pending[]) {
    try {
      await write(batch);
    } catch {
      if (batch.length === 1) {
        await deps.storage.delete(batch[0]!.prepared.file.key);
        // Recording the failure needs the database too: when it is down, this throws and the job is retried.
        await act.failed(batch[0]!.f, batch[0]!.prev, 'error');
      } else for (const p of batch) await commit([p]);
    }
  }

  /** Writes what is waiting; batches commit one after another, in the order they filled. */
  function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    if (!batch.length) return writing;
    writing = writing.then(async () => {
      await commit(batch);
      await done(batch.length);
    });
    return writing;
  }

  return {
    /** Stores and checks one new file; a refused one is reported at once, a good one waits for its batch. */
    async add(f: ScannedFile, prev: SyncEntryRow | undefined): Promise<'batched' | 'failed'> {
      const folder = await folderFor(posix.dirname(f.rel));
      const read = importHooks.open ?? ((path: string) => createReadStream(path));
      const prepared = await prepareNewAsset(deps, folder, posix.basename(f.rel), read(f.abs), {
        duplicates: 'allow',
        lang: ctx.lang,
        allow,
      });
      if ('done' in prepared) {
        await act.failed(f, prev, reasonOf((prepared.done.error?.code ?? 'UNEXPECTED') as ErrorCode));
        return 'failed';
      }
      pending.push({ f, prev, folder, prepared });
      if (pending.length >= IMPORT_BATCH) await flush();
      return 'batched';
    },
    flush,
    /** After a failed run: the stored files whose rows were never written are removed. */
    async discard() {
      await writing.catch(() => undefined);
      for (const p of pending.splice(0)) await deps.storage.delete(p.prepared.file.key).catch(() => undefined);
    },
  };
}
