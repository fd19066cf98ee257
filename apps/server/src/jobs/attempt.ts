import type { Handlers } from './types.js';

/** Results are small (a blob key, counts): the row is not a file store. */
const MAX_RESULT_CHARS = 64 * 1024;

/** A handler's failure that must not be retried (bad payload, PermanentJobError). */
export class Permanent extends Error {}

/** The result as stored: JSON text, or null for none. */
export function resultText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  if (text === undefined) return null;
  if (text.length > MAX_RESULT_CHARS) throw new Permanent(`result too large (${text.length} characters)`);
  return text;
}

export function parsePayload(text: string, schema: Handlers[string]['schema']): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Permanent('invalid payload: not JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Permanent(`invalid payload: ${issues}`);
  }
  return parsed.data;
}

/** One line for `last_error`, which the job's owner reads: the message, never the stack. */
export function describe(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  const line = text.split('\n', 1)[0]!.trim();
  return (line || 'failed').slice(0, 300);
}
