import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataStore, Upload } from '@tus/server';
import type { Deps } from '../../deps/deps.js';
import type { Source } from '../assets/ingest.js';
import { HashingFileStore } from './hashingFileStore.js';
import { TUS_EXPIRY_MS, tusDirectory } from './staleUploads.js';

/** Where tus keeps uploads in progress, and how a finished one is handed over and removed. */
export interface TusStore {
  datastore: DataStore;
  /** The finished upload's bytes for ingest: the local file (hashed already) or a stream. */
  source(upload: Upload): Promise<Source>;
  /** Removes what is left of a finished upload (its bytes and its description). */
  discard(id: string): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close(): Promise<void>;
}

/**
 * Local disk (DATA_DIR/tus), or with S3 storage the same bucket under `tus/`: then every API
 * process sees every upload's parts and state, and an upload started on one continues on another.
 */
export function createTusStore(deps: Deps): Promise<TusStore> {
  // One store per app: the signed-in uploads and the upload requests' endpoint share it.
  let made = stores.get(deps);
  if (!made) stores.set(deps, (made = makeTusStore(deps)));
  return made;
}
const stores = new WeakMap<Deps, Promise<TusStore>>();

async function makeTusStore(deps: Deps): Promise<TusStore> {
  const opts = deps.config.storage;
  if (opts.driver === 's3') return s3TusStore(opts);
  const directory = tusDirectory(deps.config.dataDir);
  // Made here and awaited: the store's own mkdir is not awaited, and throws out of its callback
  // when an app stops (its data dir removed) before it ran.
  await mkdir(directory, { recursive: true });
  const datastore = new HashingFileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  const disk = deps.disk;
  if (disk) datastore.roomCheck = () => disk.assertRoom();
  return {
    datastore,
    close: async () => undefined,
    async source(upload) {
      const sha256 = (await datastore.takeDigest(upload.id, upload.size ?? -1)) ?? undefined;
      return { file: join(directory, upload.id), sha256 };
    },
    async discard(id) {
      await rm(join(directory, id), { force: true });
      await rm(join(directory, `${id}.json`), { force: true });
    },
  };
}

async function s3TusStore(opts: Extract<Deps['config']['storage'], { driver: 's3' }>): Promise<TusStore> {
  // Loaded only when S3 is configured, as the blob store's driver is.
  const [{ S3Client }, { S3ChunkStore }] = await Promise.all([import('@aws-sdk/client-s3'), import('./s3TusStore.js')]);
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });
  const datastore = new S3ChunkStore(client, opts.bucket);
  return {
    datastore,
    // Hashed while the blob store stages it: one more read of the upload, on the server's side.
    source: (upload) => datastore.read(upload.id),
    discard: (id) => datastore.remove(id).catch(() => undefined),
    close: async () => client.destroy(),
  };
}
