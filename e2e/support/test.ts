import { readFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { ADMIN, keepOnboardingAway } from './fixtures';
import { serverLogSince, serverLogSize } from './serverLog';
import { rememberToken, signedInState } from './session';
import type { StorageState } from './session';

export { expect } from '@playwright/test';

/** The administrator's stored sign-in, written once per run by global-setup.ts. */
function adminState(): { state: StorageState; token: string } {
  return JSON.parse(readFileSync(process.env.E2E_ADMIN_STATE!, 'utf8')) as { state: StorageState; token: string };
}

type PageAsOptions = BrowserContextOptions & { tour?: boolean };

/** The `pageAs` fixture, for helpers that sign someone in. */
export type PageAs = Fixtures['pageAs'];

interface Fixtures {
  /** Whether `page` starts signed in as the administrator; journeys about signing in turn it off. */
  signedIn: boolean;
  /** On failure, the server's log written while the journey ran, as server.log beside its trace. */
  serverLog: void;
  closeOwnContexts: void;
  /**
   * A page in a browser of its own, on the brand chooser, signed in as `user` from stored state
   * (an API sign-in); `tour: true` leaves the onboarding tour as the user really has it.
   */
  pageAs: (user: { email: string; password: string }, options?: PageAsOptions) => Promise<Page>;
}

/**
 * Playwright's `test`, plus: `page` starts signed in as the administrator (from the state stored at
 * the start of the run, so no journey but those about signing in goes through the form), with the
 * onboarding tour and first-run screen kept away; `pageAs` signs others in the same way; browser
 * contexts a journey opens are closed when it ends (left open, their pages keep the app running
 * beside every later test in the worker); a failing journey keeps its part of the server log.
 */
export const test = base.extend<Fixtures>({
  signedIn: [true, { option: true }],

  serverLog: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const from = serverLogSize();
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      serverLogSince(from, testInfo.outputPath('server.log'));
    },
    { auto: true },
  ],

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

  context: async ({ browser, signedIn }, use) => {
    const admin = signedIn ? adminState() : undefined;
    const context = await browser.newContext(admin ? { storageState: admin.state } : {});
    if (admin) {
      rememberToken(context, admin.token);
      await keepOnboardingAway(context);
    }
    await use(context);
    await context.close();
  },

  pageAs: async ({ browser, baseURL }, use) => {
    await use(async (user, { tour, ...options } = {}) => {
      const { state, token } =
        user.email === ADMIN.email && !tour
          ? adminState()
          : await signedInState(baseURL!, user.email, user.password, { tour });
      const context = await browser.newContext({ ...options, storageState: state });
      rememberToken(context, token);
      await keepOnboardingAway(context, { tour });
      const page = await context.newPage();
      await page.goto('/brand/choose');
      return page;
    });
  },
});
