import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { TOUR_TAKEN } from './session';

export const ADMIN = { email: 'admin@example.com', password: 'admin-e2e-password', name: 'Admin User' };

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** Reads the server's outbox (DATA_DIR/outbox/*.json), as a person running it locally would. */
export function mailsTo(address: string): Mail[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail).filter((m) => m.to === address);
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The onboarding tour starts by itself for every new user, over whatever a journey came to do:
 * journeys about something else meet users who have taken it already. Only this browser sees it so
 * (the answers that carry the session user are rewritten on their way in); the server is untouched.
 */
async function tourTaken(context: BrowserContext) {
  await context.route(/\/api\/(login|auth\/me|auth\/user\/update)(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { session_user?: { tour?: object } } | null;
    if (!body?.session_user) return route.fulfill({ response });
    body.session_user.tour = TOUR_TAKEN;
    await route.fulfill({ response, json: body });
  });
}

/**
 * The first-run screen greets an administrator while the installation has no brand and nobody
 * finished it (issue 27 §7); on the shared server that is whichever journey signs in first. As with
 * the tour, only this browser is told the installation is set up; first-run.spec.ts opts out.
 */
export async function setupAs(page: Page | BrowserContext, done: boolean) {
  await ('context' in page ? page.context() : page).route(/\/api\/ops\/setup(\?|$)/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { done?: boolean } | null;
    if (!body || typeof body.done !== 'boolean') return route.fulfill({ response });
    await route.fulfill({ response, json: { ...body, done } });
  });
}

/** Contexts whose onboarding is already settled: the rewrites are installed once per browser. */
const settled = new WeakSet<BrowserContext>();

/**
 * Keeps the onboarding tour (unless `tour`) and the first-run screen (unless `setup`) away from a
 * browser, once; a context signed in from stored state gets this before its first page loads.
 */
export async function keepOnboardingAway(context: BrowserContext, opts: { tour?: boolean; setup?: boolean } = {}) {
  if (settled.has(context)) return;
  settled.add(context);
  if (!opts.tour) await tourTaken(context);
  if (!opts.setup) await setupAs(context, true);
}

/**
 * Signs in through the login form, for the journeys about signing in; `tour: true` leaves the
 * onboarding tour as the user really has it, `setup: true` the first-run screen.
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  opts: { tour?: boolean; setup?: boolean } = {},
) {
  await keepOnboardingAway(page.context(), opts);
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.locator('button[type="submit"]').click();
}
