import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000, log = () => '') {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await ok()) return;
  throw new Error(`timed out waiting for ${what}\n${log()}`);
}

/** The directory of PostgreSQL's server binaries, or null when none is installed. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, 'bin') : null;
}

/** Runs a PostgreSQL binary, as the `postgres` account when we are root (initdb refuses root). */
function asPostgres(bin: string, args: string[]) {
  const root = process.getuid?.() === 0;
  return root ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args]) : execFileSync(bin, args);
}

/**
 * A PostgreSQL server of our own on a free port and a temp directory, for tests that stop and
 * start it (the machine's shared server must never be restarted).
 */
export async function throwawayPostgres() {
  const bin = postgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bv-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const ctl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', ...args]);
  const start = () => ctl('-o', opts, '-l', join(dir, 'log'), 'start');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    /** Fast shutdown: every client connection is ended with 57P01, as in a real restart. */
    stop: () => ctl('-m', 'fast', 'stop'),
    async remove() {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type ThrowawayPostgres = NonNullable<Awaited<ReturnType<typeof throwawayPostgres>>>;

/** A redis-server of our own on a free port (no persistence), or null when none is installed. */
export async function throwawayRedis() {
  try {
    execFileSync('redis-server', ['--version']);
  } catch {
    return null;
  }
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await until('redis to listen', () => canConnect(port));
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await gone;
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
