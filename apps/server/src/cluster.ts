import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';

/**
 * The primary of a multi-process server: one Node process uses one core, and a list request is
 * mostly JavaScript (sign-in lookup, validation, cards, JSON), so on a machine with N cores N
 * processes share the port. They share everything else through the database and storage:
 * searches keep answers per process under the brand's generation, rate limits add their batches
 * to the same counters, tus parts are rehashed from disk when another process wrote the last one.
 *
 * Worker 0 starts first and alone, so migrations, the first-start seed (the administrator's
 * password printed once) and the generated APP_KEY happen once; it is also the one that works
 * the job queue. A worker that dies is started again in the same role.
 */
export async function runPrimary(count: number, log: (msg: string) => void): Promise<void> {
  const roles = new Map<Worker, number>();
  let stopping = false;

  const start = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ BRANDVAULT_WORKER_INDEX: String(index) });
      roles.set(worker, index);
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        roles.delete(worker);
        if (stopping) return;
        // One that never listened failed at start (bad settings, database down): the caller decides.
        if (!listening) return reject(new Error(`server process ${index} exited at start (${signal ?? code})`));
        log(`server process ${index} exited (${signal ?? code}); starting it again`);
        restart(index);
      });
    });
  const restart = (index: number) =>
    setTimeout(() => {
      if (!stopping)
        start(index).catch((err: Error) => {
          log(`${err.message}; trying again`);
          restart(index);
        });
    }, 1_000);

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    for (const w of roles.keys()) w.process.kill(signal);
    const wait = setInterval(() => {
      if (!roles.size) process.exit(code);
    }, 50);
    // Workers close their connections first; never hang on one that does not.
    setTimeout(() => {
      clearInterval(wait);
      process.exit(1);
    }, 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    await start(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
  } catch (err) {
    log((err as Error).message);
    stop('SIGTERM', 1);
    // Never resolves: the process ends when the other workers have.
    await new Promise(() => {});
  }
}

/** This process's place in the cluster: 0 when it is the only one. */
export const workerIndex = () => Number(process.env.BRANDVAULT_WORKER_INDEX ?? 0);
