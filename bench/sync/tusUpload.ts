// The upload path for bench/sync's comparison: files through the tus endpoint as the web app sends
// them (a POST that creates the upload, then the bytes in a PATCH), `lanes` in flight, each lane a
// forked bench/upload client started before the clock does.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { ClientJob, ClientReply } from '../upload/client.js';
import type { Session } from '../lib/common.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

export async function tusClients(lanes: number) {
  const clients: ChildProcess[] = Array.from({ length: lanes }, () =>
    fork(new URL('../upload/client.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    }),
  );
  const send = (c: ChildProcess, job: ClientJob) =>
    new Promise<ClientReply>((resolve) => {
      c.once('message', (m) => resolve(m as ClientReply));
      c.send(job);
    });

  /** Uploads `files` into the folder, `lanes` at a time; the seconds it took, throwing on any failure. */
  async function upload(base: string, s: Session, target: { brandId: number; folderId: number }, files: string[]) {
    let next = 0;
    const t0 = performance.now();
    const lane = async (c: ChildProcess) => {
      while (next < files.length) {
        const file = files[next++]!;
        const size = statSync(file).size;
        const name = file.slice(file.lastIndexOf('/') + 1);
        const created = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: {
            ...s.headers,
            'tus-resumable': '1.0.0',
            'upload-length': String(size),
            'upload-metadata': `filename ${b64(name)},brand_id ${b64(String(target.brandId))},folder_id ${b64(String(target.folderId))},duplicates ${b64('allow')}`,
          },
        });
        if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
        const { 'content-type': _json, ...headers } = s.headers;
        const reply = await send(c, {
          url: new URL(created.headers.get('location')!, base).toString(),
          file,
          size,
          chunk: 0,
          headers: { ...headers, 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' },
        });
        if (reply.error || JSON.parse(reply.body || '{}').status !== 'created')
          throw new Error(`tus PATCH of ${name}: ${reply.status} ${reply.error ?? reply.body}`);
      }
    };
    await Promise.all(clients.map(lane));
    return (performance.now() - t0) / 1000;
  }
  return { upload, stop: () => clients.forEach((c) => c.kill()) };
}
