import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE, unsupportedNodeWarning } from './runtime.js';

describe('supported runtimes', () => {
  it('says so for Node 20 (past its end of life) and other releases, not for 22.13+ or 24', () => {
    expect(unsupportedNodeWarning('20.19.0')).toMatch(/Node\.js 20\.19\.0 is not a supported runtime/);
    expect(unsupportedNodeWarning('22.12.0')).not.toBeNull();
    expect(unsupportedNodeWarning('23.11.0')).not.toBeNull();
    expect(unsupportedNodeWarning('22.13.0')).toBeNull();
    expect(unsupportedNodeWarning('24.18.1')).toBeNull();
  });

  it('matches the engines field npm reads', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(SUPPORTED_NODE);
  });
});
