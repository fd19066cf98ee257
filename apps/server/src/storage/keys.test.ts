import { describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, newBlobKey, storageOptionsFromEnv } from './index.js';

describe('newBlobKey', () => {
  it('is random, sharded and independent of any file name', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newBlobKey('originals')));
    expect(keys.size).toBe(1000);
    for (const key of keys) {
      const m = /^originals\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f-]{36})$/.exec(key);
      expect(m, key).not.toBeNull();
      expect(m?.[3]?.startsWith(`${m[1]}${m[2]}`)).toBe(true);
    }
  });

  it('refuses a kind that would make an invalid key', () => {
    for (const kind of ['', '../x', 'tmp', '.tmp', 'a/../b'])
      expect(() => newBlobKey(kind), kind).toThrow(InvalidBlobKeyError);
  });
});

describe('storageOptionsFromEnv', () => {
  it('defaults to local disk under DATA_DIR/blobs', () => {
    expect(storageOptionsFromEnv({}, '/data')).toEqual({ driver: 'local', root: '/data/blobs' });
    expect(storageOptionsFromEnv({ S3_BUCKET: '', S3_REGION: 'eu-west-1' }, '/data')).toEqual({
      driver: 'local',
      root: '/data/blobs',
    });
  });

  it('chooses S3 when S3_BUCKET is set', () => {
    expect(storageOptionsFromEnv({ S3_BUCKET: 'assets' }, '/data')).toEqual({
      driver: 's3',
      bucket: 'assets',
      region: 'us-east-1',
    });
    expect(
      storageOptionsFromEnv(
        {
          S3_BUCKET: 'assets',
          S3_ENDPOINT: 'http://minio:9000',
          S3_REGION: 'eu-west-1',
          S3_ACCESS_KEY_ID: 'id',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: 'false',
        },
        '/data',
      ),
    ).toEqual({
      driver: 's3',
      bucket: 'assets',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('refuses half a credential pair and a malformed endpoint', () => {
    expect(() => storageOptionsFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, '/d')).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => storageOptionsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' }, '/d')).toThrow(/S3_ENDPOINT/);
    expect(() => storageOptionsFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, '/d')).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
