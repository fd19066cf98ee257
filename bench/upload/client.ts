// The Node client of bench/upload, forked once and kept waiting, so that its start-up is not timed.
// On each message it sends one file through http.request, as one tus PATCH or as PATCHes of `chunk`
// bytes (as Uppy does), reading the file with a large buffer, and answers with the last response and
// the CPU time it used.
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { pipeline } from 'node:stream/promises';

export interface ClientJob {
  url: string;
  file: string;
  headers: Record<string, string>;
  size: number;
  /** Bytes per PATCH; 0 sends the whole file in one. */
  chunk: number;
}
export interface ClientReply {
  status: number;
  body: string;
  cpu_ms: number;
  error?: string;
}

const READ_BUFFER = 4 * 1024 * 1024;

async function patch(job: ClientJob, offset: number, end: number) {
  const headers = { ...job.headers, 'upload-offset': String(offset), 'content-length': String(end - offset) };
  const req = request(job.url, { method: 'PATCH', headers });
  const res = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (r) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      r.on('error', reject);
    });
    req.on('error', reject);
  });
  const body = createReadStream(job.file, { highWaterMark: READ_BUFFER, start: offset, end: end - 1 });
  await pipeline(body, req);
  return res;
}

async function send(job: ClientJob): Promise<ClientReply> {
  const cpu = process.cpuUsage();
  const step = job.chunk > 0 ? job.chunk : job.size;
  let out = { status: 0, body: '' };
  for (let offset = 0; offset < job.size; offset += step) {
    out = await patch(job, offset, Math.min(job.size, offset + step));
    if (out.status !== 204 && out.status !== 200) break;
  }
  const used = process.cpuUsage(cpu);
  return { ...out, cpu_ms: Math.round((used.user + used.system) / 1000) };
}

process.on('message', (job: ClientJob) => {
  send(job).then(
    (reply) => process.send!(reply),
    (err: Error) => process.send!({ status: 0, body: '', cpu_ms: 0, error: err.message }),
  );
});
