import { open } from 'node:fs/promises';

/** The first `bytes` bytes of a file and its size, without reading the rest. */
export async function readHead(path: string, bytes: number): Promise<{ head: Buffer; size: number }> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(size, bytes));
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), size };
  } finally {
    await fh.close();
  }
}

/** PDF readers accept the header anywhere in the first kilobyte (after a little junk). */
export async function isPdf(path: string): Promise<boolean> {
  const { head } = await readHead(path, 1024);
  return head.includes('%PDF-');
}
