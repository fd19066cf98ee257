import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { json, stubFonts } from '../metadata/testFixtures';
import { FileRow } from '../assets/upload/UploadDialog';
import type { UploadItem } from '../assets/upload/uploadState';

const near = { asset_id: 8, name: 'Summer-01.jpg', folder_name: 'Photos', distance: 2, thumbnail_url: null };
const stored: UploadItem = {
  id: 'a',
  name: 'summer-small.jpg',
  size: 2048,
  status: 'success',
  progress: 100,
  duplicates: 'skip',
  assetId: 41,
};

/** Asset 41's analysis: pending for the first `pending` answers, then done with a look-alike. */
function stubVisuals(pending: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url !== '/api/ops/asset/41/visuals') return json(404, { error: { status: 404, code: 'NOT_FOUND' } });
      const done = asked.length > pending;
      return json(200, {
        visuals: { state: done ? 'done' : 'pending', reason: null, colours: [], look_alike: done ? near : null },
      });
    }),
  );
  return asked;
}

const renderRow = (lookAlikes: boolean, onNavigate = () => undefined) =>
  render(
    <Providers env="test">
      <MemoryRouter>
        <ul>
          <FileRow
            item={stored}
            onRetry={() => undefined}
            onAnyway={() => undefined}
            onRemove={() => undefined}
            onNavigate={onNavigate}
            lookAlikes={lookAlikes}
          />
        </ul>
      </MemoryRouter>
    </Providers>,
  );

describe("the upload dialog's near-duplicate notice", () => {
  beforeEach(() => stubFonts());
  afterEach(() => vi.useRealTimers());

  it('follows the new file until it is analysed, then links its look-alike', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    const asked = stubVisuals(1);
    renderRow(true);
    const row = screen.getByTestId('upload-row');
    // The first answer is pending; the row asks again after a second and then shows the notice.
    const link = await within(row).findByRole(
      'link',
      { name: 'Looks like Summer-01.jpg in Photos' },
      { timeout: 5000 },
    );
    expect(link).toHaveAttribute('href', '/brand/asset/8');
    expect(asked.filter((u) => u === '/api/ops/asset/41/visuals')).toHaveLength(2);
  });

  it('speaks Spanish', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('es');
    stubVisuals(0);
    renderRow(true);
    expect(await screen.findByRole('link', { name: 'Se parece a Summer-01.jpg en Photos' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('asks nothing where look-alikes are not followed (a new version)', async () => {
    const asked = stubVisuals(0);
    renderRow(false);
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Uploaded');
    await new Promise((r) => queueMicrotask(() => r(null)));
    expect(asked).toEqual([]);
  });
});
