import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { SERVER_LOG } from './paths';

/** How far the server's log has been written, in bytes (0 before it exists). */
export function serverLogSize(): number {
  try {
    return statSync(SERVER_LOG).size;
  } catch {
    return 0;
  }
}

/** Copies what the server logged from byte `from` until now into `to`. */
export function serverLogSince(from: number, to: string) {
  const length = Math.max(0, serverLogSize() - from);
  const buffer = Buffer.alloc(length);
  const fd = openSync(SERVER_LOG, 'r');
  try {
    readSync(fd, buffer, 0, length, from);
  } finally {
    closeSync(fd);
  }
  writeFileSync(to, buffer);
}
