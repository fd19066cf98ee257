import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

test('My Collections shows as a grid or a list, and remembers the choice', async ({ page }) => {
  const api = await apiAs(page);
  const name = `Moodboard ${unique('c').slice(-6)}`;
  const { collection } = await api.send<{ collection: { id: number } }>('POST', '/api/ops/collection/new', { name });

  await page.goto('/collections/own');
  await expect(page.getByTestId(`collection-card-${collection.id}`)).toBeVisible();
  // The switch's radios are hidden; their labels (an icon named List or Grid) take the click.
  await page.locator('label:has(svg[aria-label="List"])').click();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  const row = page.getByTestId(`collection-row-${collection.id}`);
  await expect(row).toContainText(name);
  await expect(page.getByTestId(`collection-card-${collection.id}`)).toHaveCount(0);

  await page.reload();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name }).click();
  await page.waitForURL(`**/collections/own/${collection.id}`);
});
