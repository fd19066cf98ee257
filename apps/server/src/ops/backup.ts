import { createHash } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config/config.js';
import { isPostgresUrl, SQLITE_FILE } from '../db/index.js';

/** What a backup folder holds besides the database: read by restore. */
export const MANIFEST = 'brandvault-backup.json';
const BLOBS = 'blobs';

export interface Manifest {
  format: 1;
  createdAt: string;
  database: { file: string; sha256: string; bytes: number };
  /** Whether the files stored on local disk (DATA_DIR/blobs) were copied too. */
  blobs: boolean;
}

export interface BackupReport {
  /** Lines for the operator: what was written, and what else to keep. */
  lines: string[];
  manifest: Manifest | null;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** PostgreSQL is backed up with its own tools: the commands, for the operator to run. */
export function postgresCommands(target: string): string[] {
  const dump = join(target, 'brandvault.pgdump');
  return [
    'The database is PostgreSQL: back it up with its own tools (consistent while the app runs):',
    `  pg_dump --format=custom --no-owner --file='${dump}' "$DATABASE_URL"`,
    'and restore it into an empty database with:',
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" '${dump}'`,
  ];
}

/** What a backup of the database alone does not hold: said after every backup. */
function alsoKeep(config: Config, blobsCopied: boolean): string[] {
  const s = config.storage;
  const postgres = isPostgresUrl(config.databaseUrl);
  const files =
    s.driver === 's3'
      ? `the stored files: the S3 bucket "${s.bucket}" (with its versioning or a replica, not this script)`
      : blobsCopied
        ? null
        : `the stored files under ${s.root}${postgres ? ' (copy them after the dump)' : ' (or run again with --with-blobs)'}`;
  return [
    'Keep as well:',
    ...(files ? [`  - ${files}`] : []),
    config.appKey
      ? '  - APP_KEY from your environment: without it signed links, share links and secrets cannot be read'
      : `  - nothing for the app key: it was generated and is inside the database${postgres ? ' (the dump holds it)' : ' copy'}`,
    '  - your other settings (.env: SMTP_URL, S3 and Redis credentials, METRICS_TOKEN)',
  ];
}

/**
 * Writes a consistent copy of the SQLite database into `target` with SQLite's online backup
 * (the app may keep running and writing), checks the copy, and lists what else to keep. On
 * PostgreSQL it writes nothing and gives the pg_dump command. `withBlobs` also copies the stored
 * files of the local disk driver, after the database: a file is only ever added under a new key,
 * so every row of the copy finds its file unless it was deleted in between.
 */
export async function backup(
  config: Config,
  target: string,
  opts: { withBlobs?: boolean } = {},
): Promise<BackupReport> {
  target = resolve(target);
  if (isPostgresUrl(config.databaseUrl))
    return { lines: [...postgresCommands(target), ...alsoKeep(config, false)], manifest: null };
  const source = join(config.dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`No database at ${source}: check DATA_DIR.`);
  if (existsSync(join(target, MANIFEST)) || existsSync(join(target, SQLITE_FILE)))
    throw new Error(`${target} already holds a backup: choose a new folder.`);
  mkdirSync(target, { recursive: true });
  const copy = join(target, SQLITE_FILE);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(copy);
  } finally {
    db.close();
  }
  const check = new SQLite(copy, { readonly: true });
  try {
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`The copy failed its integrity check: ${String(ok)}`);
  } finally {
    check.close();
  }
  const blobs = !!opts.withBlobs && config.storage.driver === 'local' && existsSync(config.storage.root);
  if (blobs && config.storage.driver === 'local') cpSync(config.storage.root, join(target, BLOBS), { recursive: true });
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { file: SQLITE_FILE, sha256: await sha256(copy), bytes: statSync(copy).size },
    blobs,
  };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    lines: [
      `Database copied to ${copy} (${manifest.database.bytes} bytes, integrity checked).`,
      ...(blobs ? [`Stored files copied to ${join(target, BLOBS)}.`] : []),
      ...alsoKeep(config, blobs),
      `Restore with: DATA_DIR=<an empty folder> npm run restore -- '${target}'`,
    ],
    manifest,
  };
}

/**
 * Puts a backup made by `backup` into the configured DATA_DIR, which must be empty or absent:
 * a restore never overwrites a live installation. Refuses a copy whose checksum does not match.
 */
export async function restore(config: Config, source: string): Promise<string[]> {
  source = resolve(source);
  if (isPostgresUrl(config.databaseUrl))
    throw new Error(['DATABASE_URL is PostgreSQL: restore with pg_restore.', ...postgresCommands(source)].join('\n'));
  const dataDir = config.dataDir;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `DATA_DIR (${dataDir}) is not empty. Restore only goes into an empty data directory, so nothing ` +
        'is overwritten: stop the app, move that folder aside (or set DATA_DIR to a new folder) and run it again.',
    );
  const manifestFile = join(source, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${source} is not a Brandvault backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const copy = join(source, manifest.database.file);
  if ((await sha256(copy)) !== manifest.database.sha256)
    throw new Error(`${copy} does not match its checksum: the backup is damaged.`);
  mkdirSync(dataDir, { recursive: true });
  cpSync(copy, join(dataDir, SQLITE_FILE));
  const lines = [`Database restored into ${join(dataDir, SQLITE_FILE)}.`];
  if (manifest.blobs && config.storage.driver === 'local') {
    cpSync(join(source, BLOBS), config.storage.root, { recursive: true });
    lines.push(`Stored files restored into ${config.storage.root}.`);
  } else lines.push('Put the stored files back yourself (the backup did not copy them), then start the app.');
  return lines;
}
