import { describe, expect, it } from 'vitest';
import { detectTools, runTool, ToolError, toolReport, TOOL_NAMES, warnAboutMissingTools } from './tools.js';

describe('media tools', () => {
  it('detects every tool once and reports none missing on this machine', async () => {
    const tools = await detectTools();
    expect(Object.keys(tools).sort()).toEqual([...TOOL_NAMES].sort());
    expect(await detectTools()).toBe(tools);
    for (const name of TOOL_NAMES) expect(tools[name]).toMatchObject({ command: name, available: true });
    expect(tools.ffmpeg.version).toMatch(/^ffmpeg version/);
    expect(toolReport(tools)).toEqual({ missing: [], warning: undefined });
    const warnings: string[] = [];
    await warnAboutMissingTools({ warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
  });

  it('runs with an argument array: shell syntax in an argument is just text', async () => {
    const { stdout } = await runTool('echo', ['a; touch /tmp/should-not-exist $(id)'], { timeoutMs: 5000 });
    expect(stdout).toBe('a; touch /tmp/should-not-exist $(id)\n');
  });

  it('kills a tool that runs too long or prints too much', async () => {
    const slow = await runTool('sleep', ['5'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(ToolError);
    expect(slow).toMatchObject({ timedOut: true });
    const chatty = await runTool('yes', [], { timeoutMs: 5000, maxOutputBytes: 10_000 }).catch((e: unknown) => e);
    expect(chatty).toMatchObject({ name: 'ToolError', timedOut: false });
  });
});
