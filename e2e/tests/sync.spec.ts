import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

const ff = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

/** Files written a minute ago: settled, so a run takes them rather than waiting for them to finish. */
function settle(...files: string[]) {
  const past = new Date(Date.now() - 60_000);
  for (const f of files) utimesSync(f, past, past);
}

/**
 * A directory on the "NAS" (inside the e2e server's SYNC_ROOTS): a folder of 24 distinct JPEGs
 * and a PDF at the top.
 */
function makeShare() {
  const dir = join(process.env.E2E_SYNC_ROOT!, unique('nas'));
  const campaign = join(dir, 'campaign');
  mkdirSync(campaign, { recursive: true });
  ff(['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-frames:v', '24', join(campaign, 'shot-%02d.jpg')]);
  const media = makeMedia();
  copyFileSync(media.brief, join(dir, 'brief.pdf'));
  const shots = Array.from({ length: 24 }, (_, i) => join(campaign, `shot-${String(i + 1).padStart(2, '0')}.jpg`));
  settle(join(dir, 'brief.pdf'), ...shots);
  return { dir, first: shots[0]!, media };
}

/** Runs the source from its row and waits for the run to finish: progress first, then "Done". */
async function runNow(page: Page, rowId: string, name: string, done: string) {
  const row = page.getByTestId(rowId);
  await row.getByRole('button', { name: `Run ${name} now` }).click();
  await expect(page.getByText('Sync started')).toBeVisible();
  // The run is followed on the row ("240 of 25 files") until it ends; a small share may end first.
  await expect(row.getByTestId('sync-progress').or(row.getByText('Done'))).toBeVisible();
  await expect(row.getByText('Done')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(done)).toBeVisible();
}

test('an admin syncs a server folder into a brand, sees a changed file become a new version, and reads the report', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(240_000);
  const share = makeShare();
  const brandName = `Sync ${unique('b').slice(-6)}`;
  const sourceName = `NAS ${unique('s').slice(-6)}`;
  const api = await apiAs(page);
  const { brand } = await api.send<{ brand: { id: number } }>('POST', '/api/ops/brand/create', {
    name: brandName,
    slug: brandName.toLowerCase().replace(/\s+/g, '-'),
  });

  // The Admin menu leads to Sync; the form says where a source may point.
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Sync', exact: true }).click();
  await page.waitForURL('**/asset/sync');
  await expect(page.getByRole('heading', { name: 'Sync', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New source' }).first().click();
  const form = page.getByRole('dialog', { name: 'New sync source' });
  await expect(form.getByText(process.env.E2E_SYNC_ROOT!)).toBeVisible();

  // A path outside the allowed folders is refused on the field.
  await form.getByLabel(/^Name/).fill(sourceName);
  await form.getByLabel(/^Server folder/).fill('/etc');
  await form.getByRole('combobox', { name: /^Brand/ }).click();
  await page.getByRole('option', { name: brandName, exact: true }).click();
  await expect(form.getByRole('combobox', { name: /^Folder/ })).toHaveValue('Brand root');
  // The segments' and chips' radios are visually hidden: their labels are what people click.
  await form
    .locator('label')
    .filter({ hasText: /^Manual$/ })
    .click();
  await expect(form.getByRole('radio', { name: 'Manual' })).toBeChecked();
  await form.getByRole('button', { name: 'Create source' }).click();
  await expect(form.getByLabel(/^Server folder/)).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(/^Server folder/)).toBeFocused();

  await form.getByLabel(/^Server folder/).fill(share.dir);
  await form.getByRole('button', { name: 'Create source' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Source created')).toBeVisible();
  const sources = await api.get<{ items: { id: number; name: string }[] }>(
    `/api/asset/sync/source/list?brand_id=${brand.id}`,
  );
  const source = sources.items.find((s) => s.name === sourceName)!;
  const rowId = `sync-row-${source.id}`;
  const row = page.getByTestId(rowId);
  await expect(row.getByText('Never run')).toBeVisible();
  await expect(row.getByText(share.dir)).toBeVisible();

  // First run: every file is new.
  await runNow(page, rowId, sourceName, '25 new');

  // The brand now has the share's folder and its assets.
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(brandName) }).click();
  await page.waitForURL('**/brand');
  await expect(page.getByRole('link', { name: 'brief.pdf' })).toBeVisible();
  await page
    .getByTestId(/folder-card-/)
    .filter({ hasText: 'campaign' })
    .getByRole('link')
    .click();
  await expect(page.getByRole('link', { name: 'shot-01.jpg' })).toBeVisible();
  await expect(page.getByText('24 assets', { exact: true })).toBeVisible();

  // The first shot changes on the NAS: the next run makes a new version of the same asset.
  ff(['-f', 'lavfi', '-i', 'smptebars=size=320x240', '-frames:v', '1', share.first]);
  settle(share.first);
  await page.goto('/asset/sync');
  await runNow(page, rowId, sourceName, '1 updated');

  await page.goto('/brand');
  await page
    .getByTestId(/folder-card-/)
    .filter({ hasText: 'campaign' })
    .getByRole('link')
    .click();
  await page.getByRole('button', { name: 'Actions for shot-01.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Open details' }).click();
  await page.waitForURL('**/brand/asset/*');
  const facts = page.locator('section[aria-labelledby="asset-facts"]');
  await expect(facts.getByText('Version 2')).toBeVisible();
  await expect(facts.getByText('Synced from')).toBeVisible();
  await expect(facts.getByTestId('asset-sync-origin')).toContainText(sourceName);
  await expect(facts.getByTestId('asset-sync-origin')).toContainText('shot-01.jpg');

  // The source's runs, newest first, and the first run's report filtered to what was new.
  await page.goto('/asset/sync');
  await page.getByTestId(rowId).getByRole('link', { name: sourceName }).click();
  await expect(page.getByRole('heading', { name: sourceName })).toBeVisible();
  const runs = page.getByRole('table', { name: `Runs of ${sourceName}` });
  await expect(runs.getByTestId(/^sync-run-/)).toHaveCount(2);
  await expect(runs.getByTestId(/^sync-run-/).first()).toContainText('1 updated');
  await runs
    .getByTestId(/^sync-run-/)
    .last()
    .getByRole('link', { name: /^Report of the run of/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Run report' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^New · 25$/ })
    .click();
  await expect(page).toHaveURL(/outcome=new/);
  await expect(page.getByTestId('sync-item')).toHaveCount(25);
  await expect(page.getByTestId('sync-item').filter({ hasText: 'brief.pdf' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Updated · 0$/ })
    .click();
  await expect(page.getByText('No file of this run had this outcome.')).toBeVisible();

  // A Spanish-speaking administrator reads the same screens in Spanish.
  const email = `${unique('sincro')}@example.com`;
  const password = 'Admin-pass-1234';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Lucía',
    last_name: 'Sincro',
    email,
    password,
    password_confirmation: password,
    roles: ['admin'],
    brands: [brand.id],
    lang: 'es',
  });
  const es = await pageAs({ email, password });
  await es.goto('/asset/sync');
  await expect(es.getByRole('heading', { name: 'Sincronizar', exact: true })).toBeVisible();
  const esRow = es.getByTestId(rowId);
  await expect(esRow.getByText('Terminada')).toBeVisible();
  await expect(esRow.getByText('1 actualizado')).toBeVisible();
  await esRow.getByRole('link', { name: sourceName }).click();
  const esRuns = es.getByRole('table', { name: `Ejecuciones de ${sourceName}` });
  // On a 360 px phone a run's state reads whole, not cut to "Termin…".
  await es.setViewportSize({ width: 360, height: 740 });
  const state = esRuns
    .getByTestId(/^sync-run-/)
    .first()
    .getByText('Terminada');
  await expect(state).toBeVisible();
  expect(await state.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await es.setViewportSize({ width: 1280, height: 720 });
  await esRuns
    .getByTestId(/^sync-run-/)
    .first()
    .getByRole('link', { name: /^Informe de la ejecución del/ })
    .click();
  await expect(es.getByRole('heading', { name: 'Informe de la ejecución' })).toBeVisible();
  await es
    .locator('label')
    .filter({ hasText: /^Actualizado · 1$/ })
    .click();
  const item = es.getByTestId('sync-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('shot-01.jpg');
  await expect(item.getByRole('link', { name: /^Abrir el recurso de/ })).toBeVisible();
});
