import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadItem, Job } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { downloadItem, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const ready = downloadItem({
  id: 6,
  state: 'ready',
  job_id: 78,
  name: 'Acme 2026-11-25 15.10.pdf',
  format: 'pdf',
  layout: 'sheet',
  files: 24,
  skipped: 1,
  size: 5 * 1024 * 1024,
  ready_at: new Date().toISOString(),
  expires_at: inHours(20),
  url: '/api/ops/asset/download/6/file?u=1&exp=old&sig=old',
});
const failed = downloadItem({ id: 4, state: 'failed', error: 'None of the chosen files can be downloaded any more.' });
const expired = downloadItem({ id: 3, state: 'expired', files: 2, size: 2048 });

interface Api {
  list: () => Response;
  job?: () => Job;
  get?: (id: number) => Response;
}

function stubApi(api: Api) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith('/api/ops/asset/download/list')) return api.list();
      const one = /^\/api\/ops\/asset\/download\/(\d+)$/.exec(url);
      if (one && api.get) return api.get(Number(one[1]));
      if (url === '/api/jobs/77' && api.job) return json(200, api.job());
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      return json(200, {
        session_user: loginAnswer.session_user,
        permissions: loginAnswer.permissions,
        emulator: loginAnswer.emulator,
        favorites_id: loginAnswer.favorites_id,
      });
    }),
  );
  return urls;
}
const page = (items: DownloadItem[], total = items.length, p = 1) => json(200, { items, total, page: p, per_page: 20 });
const rowOf = async (id: number) => (await screen.findByTestId(`download-${id}`)) as HTMLElement;

describe('DownloadsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists ready, failed and expired downloads; Download asks for a fresh address and follows it', async () => {
    const user = userEvent.setup();
    const followed: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const urls = stubApi({
      list: () => page([ready, failed, expired]),
      get: (id) => json(200, { ...ready, id, url: `/api/ops/asset/download/${id}/file?u=1&exp=new&sig=new` }),
    });
    renderApp('/downloads');
    const row = await rowOf(6);
    expect(within(row).getByText('Ready')).toBeInTheDocument();
    expect(row).toHaveTextContent('PDF · contact sheet · 24 files · 1 left out · 5 MB');
    expect(row).toHaveTextContent(/Expires in (19|20) hours/);

    const bad = await rowOf(4);
    expect(within(bad).getByText('Failed')).toBeInTheDocument();
    expect(within(bad).getByRole('alert')).toHaveTextContent('None of the chosen files can be downloaded any more.');
    expect(within(bad).queryByRole('button')).toBeNull();
    const old = await rowOf(3);
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).toBeNull();

    await user.click(within(row).getByRole('button', { name: `Download ${ready.name}` }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(urls).toContain('/api/ops/asset/download/6');
    expect(followed[0]).toEqual({ href: '/api/ops/asset/download/6/file?u=1&exp=new&sig=new', download: ready.name });
  });

  it("follows a preparing download's job and shows it ready when the job ends", async () => {
    let done = false;
    const preparing = downloadItem();
    stubApi({
      list: () =>
        page([
          done
            ? { ...preparing, state: 'ready', files: 3000, size: 1024, expires_at: inHours(24), url: '/x' }
            : preparing,
        ]),
      job: () => {
        const job: Job = {
          id: 77,
          name: 'downloads.build',
          status: done ? 'done' : 'running',
          progress: { done: done ? 3000 : 1240, of: 3000 },
          result: done ? { id: 5, state: 'ready', files: 3000, skipped: 0 } : null,
          error: null,
          created_at: preparing.created_at,
          finished_at: null,
        };
        return job;
      },
    });
    renderApp('/downloads');
    const row = await rowOf(5);
    expect(within(row).getByText('Preparing')).toBeInTheDocument();
    expect(await within(row).findByText('Preparing your download… 1,240 of 3,000 files')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '41');
    done = true;
    await within(row).findByText('Ready', {}, { timeout: 5000 });
    expect(row).toHaveTextContent('Zip · 3,000 files · 1 kB');
    expect(row).toHaveTextContent('Requested 5 minutes ago · Expires in 24 hours');
    expect(within(row).getByRole('button', { name: /Download/ })).toBeInTheDocument();
  });

  it('says when there is nothing yet, and offers a retry when the list does not load', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      list: () => (fail ? json(500, { error: { status: 500, code: 'UNEXPECTED', message: '' } }) : page([])),
    });
    renderApp('/downloads');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No downloads yet')).toBeInTheDocument();
  });

  it('pages through a long list', async () => {
    const user = userEvent.setup();
    const urls = stubApi({
      list: () => page([ready], 45),
    });
    const { router } = renderApp('/downloads');
    await rowOf(6);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(urls.some((u) => u.includes('/download/list?page=3&per_page=20'))).toBe(true));
  });
});
