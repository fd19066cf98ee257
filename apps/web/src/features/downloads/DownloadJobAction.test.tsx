import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { useSession } from '../../state/session';
import { downloadItem, loginAnswer } from '../../test/fixtures';
import { JobsIndicator } from '../../app/shell/JobsIndicator';
import { useJobsStore } from '../jobs/jobsStore';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const build = (over: Partial<Job>): Job => ({
  id: 77,
  name: 'downloads.build',
  status: 'running',
  progress: { done: 1240, of: 3000 },
  result: null,
  error: null,
  created_at: new Date().toISOString(),
  finished_at: null,
  ...over,
});

describe('the jobs list for a zip or PDF', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    useJobsStore.getState().reset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the files done while it runs, then a Download that fetches a fresh address', async () => {
    const user = userEvent.setup();
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href')!);
    });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        asked.push(url);
        if (url === '/api/jobs/mine')
          return json(200, {
            items: [
              build({}),
              build({
                id: 76,
                status: 'done',
                progress: { done: 3, of: 3 },
                result: { id: 5, state: 'ready', files: 3, skipped: 1 },
              }),
              build({ id: 75, status: 'done', result: { id: 4, state: 'failed' } }),
            ],
          });
        if (url === '/api/ops/asset/download/5')
          return json(200, downloadItem({ state: 'ready', url: '/api/ops/asset/download/5/file?u=1&exp=1&sig=s' }));
        return json(404, {});
      }),
    );
    render(
      <Providers env="test">
        <JobsIndicator />
      </Providers>,
    );
    await user.click(await screen.findByRole('button', { name: 'Background tasks running: 1' }));

    const running = await screen.findByTestId('job-77');
    expect(within(running).getByText('Zip or PDF download')).toBeInTheDocument();
    expect(within(running).getByText('Preparing your download… 1,240 of 3,000 files')).toBeInTheDocument();
    expect(within(running).getByText('41%')).toBeInTheDocument();

    const ready = screen.getByTestId('job-76');
    expect(within(ready).getByText('3 files · 1 left out')).toBeInTheDocument();
    // A finished job's progress line is not shown: only running ones have one.
    expect(within(ready).queryByText(/Preparing your download/)).toBeNull();
    expect(within(screen.getByTestId('job-75')).getByText('This download could not be prepared.')).toBeInTheDocument();
    expect(within(screen.getByTestId('job-75')).queryByRole('button')).toBeNull();

    await user.click(within(ready).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(followed).toEqual(['/api/ops/asset/download/5/file?u=1&exp=1&sig=s']));
    expect(asked).toContain('/api/ops/asset/download/5');
  });
});
