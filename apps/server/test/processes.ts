import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, until } from './throwaway.js';

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request on a connection of its own; status 0 when nothing answered within 5 s. */
export function request(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
    });
    req.on('error', () => resolve({ status: 0, body: '', headers: {} }));
    req.setTimeout(5_000, () => req.destroy(new Error('no answer')));
    req.end(body);
  });
}

/** The server's own entry points run by tsx, their output kept for failure messages. */
export function serverProcess(entry: 'src/main.ts' | 'src/worker.ts', env: Record<string, string>) {
  let output = '';
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return {
    proc,
    output: () => output,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await gone;
    },
  };
}
export type ServerProcess = ReturnType<typeof serverProcess>;

/** Signs in through the HTTP API and returns the headers of an authenticated, XSRF-carrying client. */
export async function signIn(port: number, email: string, password: string) {
  const csrf = await request(port, 'GET', '/api/auth/csrf-cookie');
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(csrf.headers['set-cookie'] ?? ''))![1]!;
  const h = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}`, 'content-type': 'application/json' };
  const login = await request(port, 'POST', '/api/login', h, JSON.stringify({ email, password }));
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body}`);
  return { xsrf: h, auth: { ...h, authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` } };
}

/**
 * An API process (no jobs of its own) and a separate worker over one data directory, the way a
 * scaled-out deployment runs: `env` says which database or queue they share. The API is ready
 * when this returns; `mails()` counts the outbox, `log()` is both processes' output.
 */
export async function apiAndWorker(
  prefix: string,
  admin: { email: string; password: string },
  env: Record<string, string>,
) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const all = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    APP_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  };
  const api = serverProcess('src/main.ts', { ...all, JOBS_IN_SERVER: 'false' });
  const later: { worker?: ServerProcess } = {};
  const log = () => `api:\n${api.output()}\nworker:\n${later.worker?.output() ?? ''}`;
  const ready = async () => (await request(port, 'GET', '/api/health/ready')).status === 200;
  await until('the API to be ready', ready, 60_000, log);
  const started = serverProcess('src/worker.ts', all);
  later.worker = started;
  return {
    port,
    api,
    worker: started,
    log,
    mails() {
      try {
        return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.json')).length;
      } catch {
        return 0;
      }
    },
    async stop() {
      await api.kill();
      await started.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type ApiAndWorker = Awaited<ReturnType<typeof apiAndWorker>>;
