// Small files as the web app sends them: tus-js-client (what its Uppy plugin drives) with the
// dialog's chunk size and creation-with-upload rule from apps/web's tusSettings.ts, N files side by side.
import { Upload } from 'tus-js-client';
import { TUS_CHUNK_SIZE, sendsWithCreation } from '../../apps/web/src/features/assets/upload/tusSettings.js';

export interface SmallJob {
  endpoint: string;
  headers: Record<string, string>;
  metadata: (i: number) => Record<string, string>;
  files: Buffer[];
  inFlight: number;
}

function sendOne(job: SmallJob, data: Buffer, i: number): Promise<{ status: string; requests: number }> {
  let requests = 0;
  let body = '';
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: job.endpoint,
      headers: job.headers,
      metadata: job.metadata(i),
      chunkSize: TUS_CHUNK_SIZE,
      uploadDataDuringCreation: sendsWithCreation(data.length),
      retryDelays: [],
      onBeforeRequest: () => void (requests += 1),
      onAfterResponse: (_req, res) => void (body = res.getBody()),
      onSuccess: () => resolve({ status: (JSON.parse(body) as { status: string }).status, requests }),
      onError: reject,
    });
    upload.start();
  });
}

/** Sends every file, `inFlight` at a time; ms from the first request to the last answer. */
export async function sendSmall(
  job: SmallJob,
): Promise<{ ms: number; requests: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  let next = 0;
  let requests = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (next < job.files.length) {
      const i = next++;
      const r = await sendOne(job, job.files[i]!, i);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      requests += r.requests;
    }
  };
  await Promise.all(Array.from({ length: job.inFlight }, lane));
  return { ms: performance.now() - t0, requests, statuses };
}
