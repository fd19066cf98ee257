import { join } from 'node:path';
import { z } from 'zod';
import type { BlobStore } from './blobStore.js';
import { LocalBlobStore } from './local.js';
import type { S3StoreOptions } from './s3.js';

export type { BlobEntry, BlobStat, BlobStore, ByteRange, ObjectLock, StagedBlob, StageOptions } from './blobStore.js';
export type { S3StoreOptions } from './s3.js';
export { BlobNotFoundError, BlobRangeError, BlobTooLargeError, InvalidBlobKeyError } from './errors.js';
export { assertValidKey, newBlobKey } from './keys.js';
export { LocalBlobStore } from './local.js';

export type StorageOptions = { driver: 'local'; root: string } | ({ driver: 's3' } & S3StoreOptions);

/** The S3 driver (and the AWS SDK, tens of MB) is loaded only when it is configured. */
export async function createBlobStore(opts: StorageOptions): Promise<BlobStore> {
  if (opts.driver === 'local') return new LocalBlobStore(opts.root);
  const { driver: _driver, ...s3 } = opts;
  const { S3BlobStore } = await import('./s3.js');
  return new S3BlobStore(s3);
}

// An empty variable (`S3_BUCKET=` in a compose file) means "not set", not "a bucket named ''".
const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const S3Env = z
  .object({
    S3_BUCKET: opt(z.string()),
    S3_ENDPOINT: opt(z.url()),
    S3_REGION: opt(z.string()),
    S3_ACCESS_KEY_ID: opt(z.string()),
    S3_SECRET_ACCESS_KEY: opt(z.string()),
    S3_FORCE_PATH_STYLE: opt(z.enum(['true', 'false'])),
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  });

export const S3_SETTING_NAMES: readonly string[] = Object.keys(S3Env.shape);

/**
 * S3 when S3_BUCKET is set, else local disk under `<dataDir>/blobs`. Without S3 keys the AWS
 * SDK's default credential chain applies (AWS_ACCESS_KEY_ID…, AWS_PROFILE, instance role).
 */
export function storageOptionsFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageOptions {
  const parsed = S3Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${lines}`);
  }
  const e = parsed.data;
  if (!e.S3_BUCKET) return { driver: 'local', root: join(dataDir, 'blobs') };
  return {
    driver: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : {}),
    ...(e.S3_FORCE_PATH_STYLE ? { forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' } : {}),
  };
}
