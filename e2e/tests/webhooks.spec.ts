import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

/** A receiver on loopback (the journeys' server allows it, WEBHOOKS_ALLOW_LOOPBACK) that records what it gets. */
async function receiver() {
  const got: { headers: Record<string, string>; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => server.close() };
}

test('an admin adds a webhook, copies its secret once and sees a signed test event delivered', async ({ page }) => {
  test.setTimeout(120_000);
  const rx = await receiver();
  try {
    const api = await apiAs(page);
    const name = `Hooks ${unique('w').slice(-6)}`;
    await api.newBrand(name);
    await page.goto('/brand/choose');
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await page.waitForURL('**/brand');

    await page.getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('menuitem', { name: 'Brand webhooks' }).click();
    await page.waitForURL('**/brand/webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('textbox', { name: 'Address (URL)' }).fill(rx.url);
    await dialog.getByRole('checkbox', { name: 'Asset created' }).check();
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const card = page.locator('[data-testid^="webhook-"]').filter({ hasText: rx.url });
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByText('Delivered · 200')).toBeVisible();
    expect(rx.got).toHaveLength(1);
    expect(new Webhook(secret).verify(rx.got[0]!.body, rx.got[0]!.headers)).toMatchObject({ type: 'webhook.test' });
  } finally {
    rx.close();
  }
});
