import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload as S3Upload } from '@aws-sdk/lib-storage';
import { DataStore, ERRORS, Upload } from '@tus/server';

const PREFIX = 'tus/';
const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};
/** Chunk keys sort by the offset they start at. */
const chunkKey = (id: string, offset: number) => `${PREFIX}${id}/${String(offset).padStart(16, '0')}`;

/**
 * tus uploads as plain objects in the storage bucket: `tus/<id>.info` (the upload's description,
 * JSON) and one object per PATCH, `tus/<id>/<offset>`. The offset is the sum of the chunks in the
 * bucket, so any API process can answer HEAD and take the next PATCH. Unlike @tus/s3-store it
 * needs no ListParts or AbortMultipartUpload, which some S3-compatible servers (s3rver) lack.
 */
export class S3ChunkStore extends DataStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    await this.saveInfo(upload);
    return upload;
  }

  private async saveInfo(upload: Upload) {
    const { id, size, metadata, creation_date } = upload;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${PREFIX}${id}.info`,
        Body: JSON.stringify({ id, size, metadata, creation_date }),
        ContentType: 'application/json',
      }),
    );
  }

  /** The upload's chunks in order, from 0, each starting where the one before ended. */
  private async chunks(id: string): Promise<{ key: string; size: number }[]> {
    const found: { key: string; start: number; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${PREFIX}${id}/`, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? [])
        found.push({ key: o.Key!, start: Number(o.Key!.slice(-16)), size: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    found.sort((a, b) => a.start - b.start);
    const run: { key: string; size: number }[] = [];
    let at = 0;
    for (const c of found) {
      if (c.start !== at || c.size === 0) continue;
      run.push(c);
      at += c.size;
    }
    return run;
  }

  override async getUpload(id: string): Promise<Upload> {
    let info: { id: string; size?: number; metadata?: Record<string, string | null>; creation_date?: string };
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: `${PREFIX}${id}.info` }));
      info = JSON.parse(await r.Body!.transformToString());
    } catch (err) {
      if (isNotFound(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
    const offset = (await this.chunks(id)).reduce((n, c) => n + c.size, 0);
    return new Upload({ ...info, offset });
  }

  /** Streams the PATCH body into one object; what arrived before an abort is kept, as tus expects. */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let size = 0;
    const body = new PassThrough();
    const counting = pipeline(
      readable,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          yield chunk;
        }
      },
      body,
    );
    const put = new S3Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: chunkKey(id, offset), Body: body },
    });
    await Promise.all([counting, put.done()]);
    return offset + size;
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const upload = await this.getUpload(id);
    upload.size = size;
    await this.saveInfo(upload);
  }

  /** The whole upload, chunk after chunk. */
  async read(id: string): Promise<Readable> {
    const chunks = await this.chunks(id);
    const { client, bucket } = this;
    return Readable.from(
      (async function* () {
        for (const c of chunks) {
          const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: c.key }));
          yield* r.Body as Readable;
        }
      })(),
    );
  }

  override async remove(id: string): Promise<void> {
    const keys = [`${PREFIX}${id}.info`];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${PREFIX}${id}/`, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) keys.push(o.Key!);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    for (let i = 0; i < keys.length; i += 1000)
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) },
        }),
      );
  }
}
