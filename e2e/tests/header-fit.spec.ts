import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

const PASSWORD = 'Header-fit-pass-123';
// The brief's three widths, and the two where the header's layout changes around them.
const WIDTHS = [1600, 1440, 1300, 1200, 390] as const;

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The header's visible controls (outermost links and buttons), left to right. */
const controls = (page: Page) =>
  page.getByRole('banner').evaluate((header) => {
    const shown = [...header.querySelectorAll('a, button')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0;
    });
    return shown
      .filter((e) => !shown.some((o) => o !== e && o.contains(e)))
      .map((e) => {
        const r = e.getBoundingClientRect();
        const name = e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName;
        return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      })
      .sort((a, b) => a.left - b.left);
  });

/**
 * What overlaps or leaves the screen; the figures logged: the room left between the header's two
 * halves (the widest gap between neighbours) and the narrowest gap.
 */
function fit(boxes: Box[], width: number) {
  const faults: string[] = [];
  let narrowest = Infinity;
  let room = -Infinity;
  for (const b of boxes) if (b.left < 0 || b.right > width) faults.push(`${b.name} off screen (${b.left}–${b.right})`);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > 0.5 && down > 0.5) faults.push(`${a.name} overlaps ${b.name} by ${across.toFixed(1)} px`);
      if (j > i + 1) continue;
      narrowest = Math.min(narrowest, b.left - a.right);
      room = Math.max(room, b.left - a.right);
    }
  return { faults, narrowest, room };
}

test("the header's controls fit side by side at 1440, 1200 and 390 px, in both languages, with a job and shortcuts", async ({
  page,
  pageAs,
}) => {
  test.setTimeout(180_000);
  // An administrator (the longest menu) in a brand with a long name and a picture to download.
  const api = await apiAs(page);
  const brand = await api.newBrand(`Header fit ${unique('h').slice(-6)} Worldwide Holdings`);
  const { 'sunrise.jpg': asset } = await api.upload(brand.id, brand.root_folder_id, [makeMedia().sunrise]);
  const found: string[] = [];

  for (const lang of ['en', 'es'] as const) {
    const email = `${unique(`fit-${lang}`)}@example.com`;
    await api.send('POST', '/api/ops/users/create', {
      first_name: 'Maximiliana',
      last_name: 'Fernández-Castellanos',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      roles: ['admin'],
      brands: [brand.id],
      lang,
    });
    const user = await pageAs({ email, password: PASSWORD }, { locale: lang === 'es' ? 'es-ES' : 'en-US' });
    await user.goto(`/brand/asset/${asset}`);
    await expect(user.getByTestId('brand-switcher')).toBeVisible();

    const check = async (state: string) => {
      for (const width of WIDTHS) {
        await user.setViewportSize({ width, height: 900 });
        const { faults, narrowest, room } = fit(await controls(user), width);
        console.log(
          `header ${lang} ${state} @${width}: room ${room.toFixed(0)} px, narrowest gap ${narrowest.toFixed(0)} px`,
        );
        found.push(...faults.map((f) => `${lang} ${state} @${width}: ${f}`));
      }
    };
    await check('plain');

    // The fullest header: shortcuts, and a job in the jobs indicator.
    const own = await apiAs(user);
    await own.send('POST', `/api/ops/asset/${asset}/shortcut/create`, { name: 'Sunrise' });
    await own.send('POST', '/api/ops/asset/download/get/queue', { asset_ids: [asset], confirm: true });
    await user.reload();
    await expect(user.getByRole('button', { name: /^(Background tasks|Tareas)/ })).toBeVisible();
    await expect(user.getByRole('button', { name: lang === 'es' ? 'Accesos directos' : 'Shortcuts' })).toBeVisible();
    await check('with a job and shortcuts');
  }
  expect(found, found.join('\n')).toEqual([]);
});
