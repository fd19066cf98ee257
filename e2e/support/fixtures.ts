import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

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

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.locator('button[type="submit"]').click();
}
