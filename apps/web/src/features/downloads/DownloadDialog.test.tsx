import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { downloadItem, loginAnswer } from '../../test/fixtures';
import { DownloadDialog } from './DownloadDialog';
import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The queue route answers `answer`; every request is kept with its body. */
function stubApi(answer: () => Response) {
  const calls: { method: string; url: string; body: unknown; lang?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method: init?.method ?? 'GET', url, body, lang: headers['Accept-Language'] });
      if (url === '/api/ops/asset/download/get/queue') return answer();
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, { items: [], total: 0, page: 1, per_page: 20 });
    }),
  );
  return calls;
}

function renderDialog(props: { assetIds: number[]; folders: { id: number; name: string }[] }) {
  const onClose = vi.fn();
  const onQueued = vi.fn();
  render(
    <Providers env="test">
      <DownloadDialog opened {...props} onClose={onClose} onQueued={onQueued} />
      <ConfirmDialog />
    </Providers>,
  );
  return { onClose, onQueued };
}

describe('DownloadDialog', { timeout: 20_000 }, () => {
  let shown: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().signIn(loginAnswer);
    shown = vi.spyOn(notifications, 'show');
  });
  afterEach(async () => {
    useSession.getState().reset();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('queues a contact sheet of a folder and assets, and says so for 8.5 s with "Many" files', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => json(202, { download: downloadItem({ format: 'pdf', layout: 'sheet' }), job_id: 77 }));
    const { onClose, onQueued } = renderDialog({ assetIds: [1, 2, 3], folders: [{ id: 9, name: 'Summer' }] });
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    expect(within(dialog).getByTestId('download-summary')).toHaveTextContent('To download: 1 folder, 3 assets.');
    expect(within(dialog).getByTestId('download-limits')).toHaveTextContent(
      'Up to 10,000 files and 50 GB per download, and 500 assets per PDF.',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'PDF contact sheet, 12 per page' }));
    await user.click(within(dialog).getByRole('button', { name: 'Prepare PDF' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const queued = calls.filter((c) => c.url === '/api/ops/asset/download/get/queue');
    expect(queued).toHaveLength(1);
    expect(queued[0]!.method).toBe('POST');
    expect(queued[0]!.body).toEqual({
      asset_ids: [1, 2, 3],
      folder_ids: [9],
      format: 'pdf',
      layout: 'sheet',
      confirm: false,
    });
    expect(onQueued).toHaveBeenCalled();
    // What the folders hold is not known until the job walks them: the spec's default count.
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Processing your PDF',
        message: "Many files. We'll let you know when it's ready.",
        autoClose: TOAST_MS.downloads,
      }),
    );
  });

  it('asks before a zip of licensed or expired assets, then queues it confirmed', async () => {
    const user = userEvent.setup();
    let n = 0;
    const calls = stubApi(() =>
      n++ === 0
        ? json(409, { error: { status: 409, code: 'DOWNLOAD_CONFIRM', message: 'Confirm first' } })
        : json(202, { download: downloadItem(), job_id: 77 }),
    );
    const { onClose } = renderDialog({ assetIds: [4, 5], folders: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    await user.click(within(dialog).getByRole('button', { name: 'Prepare zip' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirm before downloading' });
    expect(ask).toHaveTextContent('Some of these assets are licensed, expired or not yet available.');
    await user.click(within(ask).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const queued = calls
      .filter((c) => c.url.endsWith('/get/queue'))
      .map((c) => (c.body as { confirm: boolean }).confirm);
    expect(queued).toEqual([false, true]);
  });

  it('queues a zip of assets by default, counting them in the toast', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => json(202, { download: downloadItem(), job_id: 77 }));
    const { onClose } = renderDialog({ assetIds: [4, 5, 6], folders: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    expect(within(dialog).getByRole('radio', { name: 'Zip archive' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Prepare zip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/get/queue'))!.body).toEqual({
      asset_ids: [4, 5, 6],
      folder_ids: [],
      format: 'zip',
      layout: 'pages',
      confirm: false,
    });
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Preparing your download',
        message: "3 files. We'll let you know when it's ready.",
        autoClose: 8500,
      }),
    );
  });

  it('saves a zip that streams while it is built at once, with the spec notice', async () => {
    const user = userEvent.setup();
    const followed: { href: string; name: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href') ?? '', name: this.download });
    });
    const live = '/api/ops/asset/download/5/file?u=1&exp=1&sig=s';
    stubApi(() => json(202, { download: downloadItem({ live_url: live }), job_id: 77 }));
    const { onClose } = renderDialog({ assetIds: [4, 5, 6], folders: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    await user.click(within(dialog).getByRole('button', { name: 'Prepare zip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(followed).toEqual([{ href: live, name: downloadItem().name }]);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Preparing your download',
        message: "3 files. We'll let you know when it's ready.",
      }),
    );
  });

  it("shows the server's field message in Spanish and stays open", async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const calls = stubApi(() =>
      json(422, {
        error: {
          status: 422,
          code: 'INVALID_DATA',
          message: 'La información que has facilitado no es válida, revísala e inténtalo de nuevo.',
          fields: { asset_ids: 'asset_ids: una descarga contiene como máximo 10.000 archivos y 50 GB' },
        },
      }),
    );
    const { onClose } = renderDialog({ assetIds: [], folders: [{ id: 9, name: 'Verano' }] });
    const dialog = await screen.findByRole('dialog', { name: 'Descargar' });
    expect(within(dialog).getByTestId('download-summary')).toHaveTextContent(
      'Para descargar: la carpeta «Verano», con sus subcarpetas.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preparar zip' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('una descarga contiene como máximo 10.000 archivos y 50 GB');
    expect(calls.find((c) => c.url.endsWith('/get/queue'))!.lang).toBe('es');
    expect(onClose).not.toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });

  it('offers no PDF past the most a PDF may show', async () => {
    stubApi(() => json(500, {}));
    renderDialog({ assetIds: Array.from({ length: 501 }, (_, i) => i + 1), folders: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    expect(within(dialog).getByRole('radio', { name: 'PDF, one asset per page' })).toBeDisabled();
    expect(within(dialog).getAllByText('A PDF shows at most 500 assets.')).toHaveLength(2);
  });
});
