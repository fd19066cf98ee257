import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { REPO_ROOT, RESULTS_DIR } from './paths';

/** Where the run's failures are summed up, a few lines each: `.ci/run` prints it last. */
export const FAILURES_FILE = join(RESULTS_DIR, 'failures.txt');

// eslint-disable-next-line no-control-regex -- the terminal colours Playwright puts in messages
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * Says at the end of a run where a failing journey's trace, screenshots and server.log are, and
 * names every journey that passed only when run again (retries are off, so that stays empty unless
 * someone turns them on). CI keeps only the tail of a long log, so each failure is also summed up
 * in FAILURES_FILE: the journey, how long it ran, the error's first line and the step it stopped at.
 */
export default class FailureFolder implements Reporter {
  private readonly flaky: string[] = [];
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed' && result.status !== 'skipped') {
      const where = (l?: { file: string; line: number }) => (l ? `${relative(REPO_ROOT, l.file)}:${l.line}` : '?');
      const error = result.errors[0];
      const lines = plain(error?.message ?? result.status)
        .split('\n')
        .map((l) => l.trim());
      // The error's first line, and what it waited for when an expectation failed.
      const headline = [lines.find(Boolean), lines.find((l) => l.startsWith('Locator:'))].filter(Boolean).join(' · ');
      this.failures.push(
        [
          `✘ ${where(test.location)} ${test.title} (${result.status}, ${Math.round(result.duration / 1000)} s)`,
          `    ${headline}`,
          `    at ${where(error?.location)}`,
        ].join('\n'),
      );
    }
    if (result.status === 'passed' && result.retry > 0)
      this.flaky.push(`${test.titlePath().slice(1).join(' › ')} (passed on try ${result.retry + 1})`);
  }

  onEnd(result: FullResult) {
    for (const t of this.flaky) console.log(`!!! FLAKY: ${t}`);
    if (this.failures.length) {
      writeFileSync(FAILURES_FILE, `${this.failures.join('\n')}\n`);
      console.log(`\n${this.failures.join('\n')}`);
    }
    if (result.status !== 'passed' || this.failures.length)
      console.log(`\nFailed journeys' traces, screenshots and server logs: ${RESULTS_DIR}`);
  }
}
