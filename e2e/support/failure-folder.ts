import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { RESULTS_DIR } from './paths';

/**
 * Says at the end of a run where a failing journey's trace, screenshots and server.log are, and
 * names every journey that passed only when run again (retries are off, so that stays empty unless
 * someone turns them on): CI keeps only the tail of a long log.
 */
export default class FailureFolder implements Reporter {
  private readonly flaky: string[] = [];
  private failed = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed' && result.status !== 'skipped') this.failed++;
    if (result.status === 'passed' && result.retry > 0)
      this.flaky.push(`${test.titlePath().slice(1).join(' › ')} (passed on try ${result.retry + 1})`);
  }

  onEnd(result: FullResult) {
    for (const t of this.flaky) console.log(`!!! FLAKY: ${t}`);
    if (result.status !== 'passed' || this.failed)
      console.log(`\nFailed journeys' traces, screenshots and server logs: ${RESULTS_DIR}`);
  }
}
