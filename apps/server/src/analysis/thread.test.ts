import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../test/analysisTimeout.ts', import.meta.url));

/** Runs the script in its own process: a crash there must fail this test, not end the test run. */
function runScript(limitMs: number) {
  return new Promise<{ code: number | null; signal: string | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(limitMs)], {
      env: { ...process.env, ANALYSIS_NICE: '0' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('close', (code, signal) => resolve({ code, signal, out, err }));
  });
}

describe('the analysis thread', () => {
  // Before, the timeout terminated the thread mid-inference and ONNX Runtime's answer aborted the
  // whole process ("terminate called after throwing an instance of 'Napi::Error'").
  it('fails an OCR run past its limit without ending the process, and reads the next file', async () => {
    const r = await runScript(300);
    expect({ code: r.code, signal: r.signal }, r.err).toEqual({ code: 0, signal: null });
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { tight?: { error?: string }; next?: string[] });
    expect(lines[0]?.tight?.error).toBe('ocr took over 300 ms');
    expect(lines[1]?.next?.join(' ')).toContain('Brandvault');
  }, 180_000);
});
