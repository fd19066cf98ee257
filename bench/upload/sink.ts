// The limit bench/upload compares with: a plain loopback HTTP server that writes each request's
// body to a file and hashes it (SHA-256), as the upload path must, with nothing else. Forked by
// run.ts; it answers every request with the body's digest once the last byte is written.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.argv[2]!;
let n = 0;

const server = createServer((req, res) => {
  const hash = createHash('sha256');
  // Hashed on this thread as chunks arrive while the file stream writes them from the libuv pool.
  req.on('data', (chunk: Buffer) => hash.update(chunk));
  pipeline(req, createWriteStream(join(dir, `sink-${++n}`), { highWaterMark: 1024 * 1024 })).then(
    () => res.writeHead(200, { 'content-type': 'text/plain' }).end(hash.digest('hex')),
    (err: Error) => res.writeHead(500).end(err.message),
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
});
