import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, plus one thing: browser contexts a journey opens for a second user (with
 * `browser.newContext()`) are closed when it ends. Left open, their pages keep the app running
 * beside every later test in the worker and slow the whole suite down. A failed test's
 * screenshots are taken before this runs.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
