import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { NodeResult } from 'axe-core';
import { expect } from './test';
import { apiAs } from './api';
import { unique } from './fixtures';
import { makeMedia } from './media';
import { REPO_ROOT } from './paths';

export const PASSWORD = 'axe-check-password-1';
export type Lang = 'en' | 'es';
export const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-ES' };

/** The two widths the product is reviewed at: a desktop and a phone. */
export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

// A landmark inside a dialog read as a second page banner: moderate for axe, a failure for the review.
const ALSO_FAILING = new Set(['landmark-no-duplicate-banner', 'landmark-banner-is-top-level']);

/** A failing node, with the colours and ratio when it is about contrast. */
function where(node: NodeResult) {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const why = data?.contrastRatio
    ? `${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1`
    : (node.failureSummary ?? '').split('\n').slice(1, 3).join(' ').trim().slice(0, 160);
  return `${node.target.join(' ')} [${why}]`;
}

/** Serious and critical violations (every axe rule but the experimental ones), one line each. */
export async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAILING.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map(where).join(', ')}`);
}

/** Waits for the page to settle: no skeleton or loader left, so axe sees what a person does. */
export async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('main')).toBeVisible();
  // Thumbnails still being made keep their skeletons on a busy machine: axe checks the rest anyway.
  await expect(page.locator('main .mantine-Skeleton-root'))
    .toHaveCount(0, { timeout: 20_000 })
    .catch(() => {});
}

/**
 * Waits until no opening or closing transition runs (spinners' endless ones aside): a popover
 * still fading in has its text at part opacity, which axe measures as too little contrast.
 */
async function transitionsDone(page: Page) {
  // Two frames first: a resize or a click starts its transitions on the next frame, not at once.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Where each language is checked: English wide, Spanish at phone width, whose longer texts are
 * what overflow and wrap on a phone, so every screen's phone layout is still checked once.
 */
export const CHECKED_AT: Record<Lang, { name: string; size: typeof WIDE }> = {
  en: { name: '1440', size: WIDE },
  es: { name: '390', size: PHONE },
};

/**
 * Checks the page as it stands once, at its language's width (`CHECKED_AT`), without reloading it
 * (the layout follows the viewport), and leaves it wide again; what fails goes into `found`, labelled.
 */
export async function checkAtLangWidth(page: Page, lang: Lang, label: string, found: string[]) {
  // The log says which state a timeout stopped on.
  console.log(`axe ${label}`);
  const { name, size } = CHECKED_AT[lang];
  await page.setViewportSize(size);
  await transitionsDone(page);
  let seen = await violations(page);
  // A toast that starts to fade out while axe reads the page is measured at part opacity: what
  // fails is read again once that transition has ended, and only what fails twice counts.
  if (seen.length) {
    await transitionsDone(page);
    const again = new Set(await violations(page));
    seen = seen.filter((v) => again.has(v));
  }
  for (const v of seen) {
    found.push(`${label} @${name}: ${v}`);
    console.log(`  ${name}: ${v}`);
  }
  if (size !== WIDE) await page.setViewportSize(WIDE);
}

/** The app's own texts, so a journey finds its buttons in either language by the same key. */
export function texts(lang: Lang) {
  const all = JSON.parse(readFileSync(join(REPO_ROOT, 'apps/web/src/i18n', `${lang}.json`), 'utf8')) as object;
  return (key: string, vars: Record<string, string> = {}) => {
    const found = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], all);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  };
}

/** A brand with a folder, two pictures and a removed one, a collection, and an administrator speaking `lang`. */
export async function seed(page: Page, lang: Lang) {
  const api = await apiAs(page);
  const media = makeMedia();
  const name = `Axe ${lang} ${unique('b').slice(-6)}`;
  const { brand } = await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  await api.send('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Campaigns',
    visibility: 'PUBLIC',
  });
  const ids = await api.upload(brand.id, brand.root_folder_id, [media.sunrise, media.bars, media.fractal]);
  const asset = ids['sunrise.jpg']!;
  // A removed asset too: the admin tables show those rows differently, and they must stay legible.
  await api.send('PUT', `/api/ops/asset/${ids['fractal.jpg']}/status/change`, undefined);
  const email = `${unique('axe')}@example.com`;
  const { user } = await api.send<{ user: { id: number } }>('POST', '/api/ops/users/create', {
    first_name: 'Ada',
    last_name: 'Axe',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    roles: ['admin'],
    brands: [brand.id],
    lang,
  });
  return { name, asset, email, userId: user.id };
}
