import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join, sep } from 'node:path';
import picomatch from 'picomatch';
import type { SyncReason } from '@brandvault/contract';

/**
 * The scan of a source directory: directory entries and `stat` only (no file is opened), so a
 * run with nothing changed costs a walk of the tree and the database's list of entries.
 */

export interface ScannedFile {
  /** Relative to the source, with `/` between parts. */
  rel: string;
  abs: string;
  size: number;
  mtimeMs: number;
}
export interface ScanProblem {
  rel: string;
  reason: Extract<SyncReason, 'unreadable' | 'broken_symlink' | 'outside_root'>;
}
export interface ScanResult {
  files: Map<string, ScannedFile>;
  problems: ScanProblem[];
  /** Directories that could not be read: what the entries say is under them is not "gone". */
  unreadable: string[];
}

/** The source directory itself cannot be read (an unmounted share): the run fails, removing nothing. */
export class SourceUnreadable extends Error {}

/** NAS housekeeping that is never an asset: dot files, Synology's and QNAP's thumbnails, recycle bins. */
const SKIPPED_NAMES = new Set(['@eaDir', '#recycle', '#snapshot', '.@__thumb', 'Thumbs.db', 'desktop.ini']);
const skipped = (name: string) => name.startsWith('.') || SKIPPED_NAMES.has(name);
/** How many `stat` calls a directory has in flight. */
const STAT_BATCH = 64;

export const within = (path: string, roots: readonly string[]) =>
  roots.some((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep));

/** Globs as one test: a pattern without `/` matches the file's name anywhere (`*.jpg`). */
function globs(patterns: string[]): (rel: string) => boolean {
  const byName = patterns.filter((p) => !p.includes('/'));
  const byPath = patterns.filter((p) => p.includes('/'));
  const name = byName.length ? picomatch(byName, { dot: true, basename: true }) : () => false;
  const path = byPath.length ? picomatch(byPath, { dot: true }) : () => false;
  return (rel) => name(rel) || path(rel);
}

/** Include (all when empty) and exclude globs on the path relative to the source. */
export function pathFilter(include: string[], exclude: string[]): (rel: string) => boolean {
  const inc = include.length ? globs(include) : () => true;
  const exc = globs(exclude);
  return (rel) => inc(rel) && !exc(rel);
}

/** Counted, so a test can prove that a run with nothing changed read no file. */
export const hashStats = { files: 0 };

/** SHA-256 of a file's bytes (hex). */
export async function hashFile(path: string): Promise<string> {
  hashStats.files += 1;
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

const errno = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Walks `root` (a realpath under `roots`, also realpaths). Symbolic links are followed while they
 * stay under the roots (a directory once, however many links lead to it); a link that leaves them
 * is `outside_root`, one that leads nowhere `broken_symlink`.
 */
export async function scanTree(root: string, roots: string[], keep: (rel: string) => boolean): Promise<ScanResult> {
  const out: ScanResult = { files: new Map(), problems: [], unreadable: [] };
  const seenDirs = new Set<string>([root]);
  try {
    const s = await stat(root);
    if (!s.isDirectory()) throw new SourceUnreadable(`${root} is not a directory`);
  } catch (err) {
    if (err instanceof SourceUnreadable) throw err;
    throw new SourceUnreadable(`${root}: ${errno(err) ?? String(err)}`);
  }

  async function walk(abs: string, rel: string): Promise<void> {
    let dirents;
    try {
      dirents = await readdir(abs, { withFileTypes: true });
    } catch (err) {
      if (rel === '') throw new SourceUnreadable(`${root}: ${errno(err) ?? String(err)}`);
      out.unreadable.push(rel);
      out.problems.push({ rel, reason: 'unreadable' });
      return;
    }
    const subdirs: [string, string][] = [];
    const candidates = dirents.filter((d) => !skipped(d.name));
    for (let i = 0; i < candidates.length; i += STAT_BATCH) {
      await Promise.all(
        candidates.slice(i, i + STAT_BATCH).map(async (d) => {
          const childAbs = join(abs, d.name);
          const childRel = rel ? `${rel}/${d.name}` : d.name;
          let s: Stats;
          let target = childAbs;
          try {
            if (d.isSymbolicLink()) {
              try {
                target = await realpath(childAbs);
              } catch {
                out.problems.push({ rel: childRel, reason: 'broken_symlink' });
                return;
              }
              if (!within(target, roots)) {
                out.problems.push({ rel: childRel, reason: 'outside_root' });
                return;
              }
              s = await stat(target);
            } else if (d.isDirectory()) {
              seenDirs.add(childAbs);
              subdirs.push([childAbs, childRel]);
              return;
            } else if (d.isFile()) {
              s = await stat(childAbs);
            } else return; // sockets, devices, fifos
          } catch (err) {
            if (errno(err) === 'ENOENT') return; // gone between the listing and the look
            out.problems.push({ rel: childRel, reason: 'unreadable' });
            return;
          }
          if (s.isDirectory()) {
            if (!seenDirs.has(target)) {
              seenDirs.add(target);
              subdirs.push([target, childRel]);
            }
          } else if (s.isFile() && keep(childRel)) {
            out.files.set(childRel, { rel: childRel, abs: target, size: s.size, mtimeMs: Math.trunc(s.mtimeMs) });
          }
        }),
      );
    }
    for (const [a, r] of subdirs.sort((x, y) => x[1].localeCompare(y[1]))) await walk(a, r);
  }

  await walk(root, '');
  return out;
}

/** A second look at files: those whose size or mtime moved since the scan are still being written. */
export async function stillWriting(files: ScannedFile[]): Promise<Set<string>> {
  const moving = new Set<string>();
  for (let i = 0; i < files.length; i += STAT_BATCH)
    await Promise.all(
      files.slice(i, i + STAT_BATCH).map(async (f) => {
        try {
          const s = await stat(f.abs);
          if (s.size !== f.size || Math.trunc(s.mtimeMs) !== f.mtimeMs) moving.add(f.rel);
        } catch {
          moving.add(f.rel); // gone or renamed meanwhile: look again next run
        }
      }),
    );
  return moving;
}
