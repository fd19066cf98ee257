import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

// CSV is no other journey's upload type, so switching it off here cannot break a test running beside it.
test('an admin refuses an extension and the next upload of that type is refused', async ({ page }) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'bv-ext-'));
  const csv = join(dir, `figures-${unique('c').slice(-6)}.csv`);
  writeFileSync(csv, 'month,downloads\nmarch,12\n');
  const name = `Extensions ${unique('b').slice(-6)}`;
  const api = await apiAs(page);
  await api.send('POST', '/api/ops/brand/create', { name, slug: name.toLowerCase().replace(/\s+/g, '-') });

  // The allow-list screen, searched for CSV; remove it after the confirmation.
  await page.goto('/extension/all?q=csv');
  await expect(page.getByRole('heading', { name: 'Extensions' })).toBeVisible();
  const row = page.getByTestId('extension-row-csv');
  await expect(row.getByText('Allowed')).toBeVisible();
  try {
    await row.getByRole('button', { name: 'Remove .csv' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove extension?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(row.getByText('Refused')).toBeVisible();
    await expect(page.getByText('.csv files can no longer be uploaded.')).toBeVisible();

    // The next upload of a CSV file is refused with the spec's text.
    await page.goto('/brand/choose');
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await page.waitForURL('**/brand');
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles(csv);
    await dialog.getByRole('button', { name: /Start upload/ }).click();
    await expect(dialog.getByTestId('upload-status')).toHaveText('Not created');
    await expect(dialog.getByText('Files of this type are not allowed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // Restored from the same screen, after its confirmation.
    await page.goto('/extension/all?q=csv');
    await row.getByRole('button', { name: 'Restore .csv' }).click();
    await page.getByRole('dialog', { name: 'Restore extension?' }).getByRole('button', { name: 'Restore' }).click();
    await expect(row.getByText('Allowed')).toBeVisible();
  } finally {
    const list = await api.get<{ items: { id: number; name: string }[] }>('/api/ops/extension/all?q=csv');
    const id = list.items.find((e) => e.name === 'csv')!.id;
    await api.send('PUT', `/api/ops/extension/${id}/status/change`, { status: 'ACTIVE' });
  }
});
