import type { JobLog } from './types.js';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/**
 * JSON lines in pino's shape for the standalone worker process, which has no Fastify logger
 * (pino is only a transitive dependency here).
 */
export function consoleLog(level: keyof typeof LEVELS, base: Record<string, unknown> = {}): JobLog {
  const min = LEVELS[level];
  const at = (n: number) => (obj: object, msg?: string) => {
    if (n < min) return;
    const fields: Record<string, unknown> = { ...obj };
    if (fields.err instanceof Error)
      fields.err = { type: fields.err.name, message: fields.err.message, stack: fields.err.stack };
    const line = JSON.stringify({
      level: n,
      time: Date.now(),
      pid: process.pid,
      ...base,
      ...fields,
      ...(msg ? { msg } : {}),
    });
    (n >= LEVELS.warn ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: at(LEVELS.debug), info: at(LEVELS.info), warn: at(LEVELS.warn), error: at(LEVELS.error) };
}
