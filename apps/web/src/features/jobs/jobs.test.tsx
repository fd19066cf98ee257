import type { ReactNode } from 'react';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { useJob } from './api';
import { JobsIndicator } from '../../app/shell/JobsIndicator';
import { useJobsStore } from './jobsStore';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const job = (over: Partial<Job> = {}): Job => ({
  id: 41,
  name: 'assets.derivatives',
  status: 'running',
  progress: { done: 3, of: 4 },
  result: null,
  error: null,
  created_at: '2026-11-26T10:00:00.000Z',
  finished_at: null,
  ...over,
});

function wrapper() {
  const client = makeQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Providers client={client} env="test">
      {children}
    </Providers>
  );
  return { client, Wrapper };
}

beforeEach(() => {
  useSession.getState().reset();
  useSession.getState().signIn(loginAnswer);
  useJobsStore.getState().reset();
});

describe('useJob', () => {
  it('polls while the job is queued or running, and stops once it is done', async () => {
    const answers = [
      job({ status: 'queued', progress: null }),
      job({ progress: { done: 1, of: 4 } }),
      job({ progress: { done: 3, of: 4 } }),
      job({ status: 'done', progress: { done: 4, of: 4 }, result: { key: 'exports/41.zip' }, finished_at: 'x' }),
    ];
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        asked.push(url);
        if (url === '/api/jobs/41') return json(200, answers[Math.min(asked.filter((u) => u === url).length - 1, 3)]);
        return json(200, { items: [] });
      }),
    );
    const { Wrapper } = wrapper();
    // Every rendered status is recorded, so a busy machine cannot skip one between checks.
    const seen: (string | undefined)[] = [];
    const { result } = renderHook(
      () => {
        const answer = useJob(41, { intervalMs: 20 });
        seen.push(answer.data?.status);
        return answer;
      },
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.data?.status).toBe('done'));
    expect(result.current.data?.result).toEqual({ key: 'exports/41.zip' });
    expect(seen).toContain('running');
    const polls = asked.filter((u) => u === '/api/jobs/41').length;
    expect(polls).toBe(4);
    // Done: no more requests for it.
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(asked.filter((u) => u === '/api/jobs/41').length).toBe(polls);
  });

  it("stops on a 404 (another user's job) and asks nothing without an id", async () => {
    const fetchMock = vi.fn(async () => json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { Wrapper } = wrapper();
    const none = renderHook(() => useJob(null, { intervalMs: 20 }), { wrapper: Wrapper });
    expect(none.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => useJob(7, { intervalMs: 20 }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    const calls = fetchMock.mock.calls.length;
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});

describe('JobsIndicator', () => {
  it('shows nothing when the user has no jobs', async () => {
    const fetchMock = vi.fn(async () => json(200, { items: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const { Wrapper } = wrapper();
    render(
      <div data-testid="slot">
        <JobsIndicator />
      </div>,
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
  });

  it("lists a running job's progress, a done job and a failed job's error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/jobs/mine'
          ? json(200, {
              items: [
                job(),
                job({ id: 40, name: 'assets.zip', status: 'done', progress: { done: 9, of: 9 }, finished_at: 'x' }),
                job({
                  id: 39,
                  name: 'templates.apply',
                  status: 'failed',
                  progress: null,
                  error: 'Row 3: no such asset',
                }),
              ],
            })
          : json(404, {}),
      ),
    );
    const { Wrapper } = wrapper();
    render(<JobsIndicator />, { wrapper: Wrapper });
    const button = await screen.findByRole('button', { name: 'Background tasks running: 1' });
    await userEvent.click(button);

    const running = await screen.findByTestId('job-41');
    expect(within(running).getByText('Preparing previews')).toBeInTheDocument();
    expect(within(running).getByText('75%')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: 'Preparing previews' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    // Names without a label of their own get the generic one.
    const done = screen.getByTestId('job-40');
    expect(within(done).getByText('Background task')).toBeInTheDocument();
    expect(within(done).getByText('Done')).toBeInTheDocument();
    expect(within(done).queryByRole('progressbar')).toBeNull();
    expect(within(screen.getByTestId('job-39')).getByText('Row 3: no such asset')).toBeInTheDocument();

    // Clearing the finished ones leaves the running one.
    await userEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    await waitFor(() => expect(screen.queryByTestId('job-40')).toBeNull());
    expect(screen.queryByTestId('job-39')).toBeNull();
    expect(screen.getByTestId('job-41')).toBeInTheDocument();
  });
});
