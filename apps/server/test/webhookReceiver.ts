import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback for tests: `/ok` answers 200, `/fail` 500, `/flaky` 500 once then
 * 200, `/redirect` a 302 to `/target`, `/hang` never answers. It records every request.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const n = (seen.get(path) ?? 0) + 1;
      seen.set(path, n);
      if (path.startsWith('/hang')) return;
      if (path.startsWith('/redirect')) return void res.writeHead(302, { location: '/target' }).end();
      const fail = path.startsWith('/fail') || (path.startsWith('/flaky') && n === 1);
      res
        .writeHead(fail ? 500 : 200, { 'content-type': 'text/plain' })
        .end(fail ? 'boom' : `thanks ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
