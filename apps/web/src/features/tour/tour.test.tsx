import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, TourState } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { drive } from './driveTour';
import type { DriveOptions } from './driveTour';
import type * as Steps from './steps';
import { startsByItself, useTourStore } from './tour';

vi.mock('./driveTour', () => ({ drive: vi.fn(() => ({ destroy: vi.fn() })) }));
vi.mock('./steps', async (importOriginal) => {
  const real = await importOriginal<typeof Steps>();
  // jsdom lays nothing out: an anchor in the document counts as on screen.
  return { ...real, findShown: (a: string) => document.querySelector(real.anchorSelector(a)) ?? undefined };
});

const driven = vi.mocked(drive);
const NEW: TourState = { completed_at: null, dismissed_at: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let nextId = 100;
/** A signed-in user of their own (the tour starts by itself once per user and page load). */
function signIn(tour: TourState, permissions = ['brand.view', 'collection.view', 'user.tour']): LoginResponse {
  const answer: LoginResponse = {
    ...loginAnswer,
    session_user: { ...loginAnswer.session_user, id: nextId++, tour },
    permissions: permissions.map((name) => ({ name })),
  };
  useSession.getState().reset();
  useSession.getState().signIn(answer);
  return answer;
}

/** The server: /me answers `me`; the tour's outcome is kept and echoed; the rest is not found. */
function server(me: LoginResponse) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, me);
      if (url === '/api/auth/csrf-cookie') return new Response(null, { status: 204 });
      if (url === '/api/auth/user/tour/update') {
        const body = JSON.parse(String(init?.body)) as { outcome: string };
        saved.push(body);
        const at = '2026-11-27T10:00:00.000Z';
        return json(200, body.outcome === 'completed' ? { ...NEW, completed_at: at } : { ...NEW, dismissed_at: at });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return saved;
}

const lastRun = () => driven.mock.calls.at(-1)![0] as DriveOptions;
const ids = (o: DriveOptions) => o.steps.map((s) => s.def.id);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  driven.mockClear();
  useTourStore.setState({ stage: 'idle', requested: false });
});

describe('whether the tour starts by itself', () => {
  const session = (tour: TourState, over: Partial<Parameters<typeof startsByItself>[0]> = {}) => ({
    sessionUser: { ...loginAnswer.session_user, id: 9000 + nextId++, tour },
    permissions: [{ name: 'user.tour' }],
    emulatorStatus: { isEmulating: false, admin_id: null },
    ...over,
  });

  it('does for a user who has neither completed nor stopped it', () => {
    expect(startsByItself(session(NEW))).toBe(true);
  });

  it('does not once completed or stopped, while emulating, or without user.tour', () => {
    expect(startsByItself(session({ ...NEW, completed_at: '2026-11-01T00:00:00.000Z' }))).toBe(false);
    expect(startsByItself(session({ ...NEW, dismissed_at: '2026-11-01T00:00:00.000Z' }))).toBe(false);
    expect(startsByItself(session(NEW, { emulatorStatus: { isEmulating: true, admin_id: 1 } }))).toBe(false);
    expect(startsByItself(session(NEW, { permissions: [{ name: 'brand.view' }] }))).toBe(false);
  });

  it('waits for /me when the saved session predates the tour', () => {
    const { tour: _tour, ...before } = { ...loginAnswer.session_user, id: 9000 + nextId++ };
    expect(startsByItself(session(NEW, { sessionUser: before as typeof loginAnswer.session_user }))).toBe(false);
  });
});

describe('the tour on the brand chooser', () => {
  it('starts a second after the chooser settles, goes into the brand after a card click, and records Done', async () => {
    const me = signIn(NEW);
    const saved = server(me);
    const user = userEvent.setup();
    renderApp('/brand/choose');
    await screen.findByRole('button', { name: /Acme/ });
    await pause(500);
    expect(driven).not.toHaveBeenCalled();
    await waitFor(() => expect(driven).toHaveBeenCalledTimes(1));
    expect(ids(lastRun())).toEqual(['logo', 'collections', 'favorites', 'brands']);
    expect(lastRun().total).toBe(13);
    expect(lastRun().steps.map((s) => s.anchor)).toEqual(['logo', 'my_collections', 'my_favorites', 'brand-cards']);

    // A click on the card: the searcher's steps come 2 s after the brand opens, numbered on.
    await user.click(screen.getByRole('button', { name: /Acme/ }));
    expect(useTourStore.getState().stage).toBe('between');
    await pause(1500);
    expect(driven).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(driven).toHaveBeenCalledTimes(2));
    const searcher = lastRun();
    expect(searcher.steps[0]).toMatchObject({ def: { id: 'welcome' }, number: 5 });
    expect(searcher.steps.at(-1)).toMatchObject({ def: { id: 'done' } });
    expect(searcher.total).toBe(searcher.steps.at(-1)!.number);
    expect(searcher.vars).toEqual({ brand: 'Acme' });

    act(() => searcher.onLastNext());
    expect(useTourStore.getState().stage).toBe('idle');
    await waitFor(() => expect(saved).toEqual([{ outcome: 'completed' }]));
    await waitFor(() => expect(useSession.getState().sessionUser?.tour.completed_at).toBe('2026-11-27T10:00:00.000Z'));
  });

  it('records a confirmed stop as dismissed, and ends quietly when the user leaves the page', async () => {
    const me = signIn(NEW);
    const saved = server(me);
    const { router } = renderApp('/brand/choose');
    await waitFor(() => expect(driven).toHaveBeenCalledTimes(1));
    act(() => lastRun().onStop());
    await waitFor(() => expect(saved).toEqual([{ outcome: 'dismissed' }]));
    expect(useSession.getState().sessionUser?.tour.dismissed_at).not.toBeNull();

    // Started again from Help, then left for another page: nothing recorded.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Help' }));
    await waitFor(() => expect(driven).toHaveBeenCalledTimes(2));
    const run = driven.mock.results.at(-1)!.value as { destroy: () => void };
    await act(() => router.navigate('/collections/own'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections/own'));
    await waitFor(() => expect(run.destroy).toHaveBeenCalled());
    expect(useTourStore.getState().stage).toBe('idle');
    expect(saved).toHaveLength(1);
  });

  it('does not start by itself once completed, but the Help button starts it', async () => {
    const me = signIn({ ...NEW, completed_at: '2026-11-01T00:00:00.000Z' });
    server(me);
    renderApp('/brand/choose');
    await screen.findByRole('button', { name: /Acme/ });
    await pause(1500);
    expect(driven).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Help' }));
    await waitFor(() => expect(driven).toHaveBeenCalledTimes(1));
  });

  it('Help on a brand page starts there, with the searcher’s steps numbered on their own', async () => {
    const me = signIn({ ...NEW, completed_at: '2026-11-01T00:00:00.000Z' });
    useSession.getState().selectBrand(me.session_user.brands[0]!);
    server(me);
    const { router } = renderApp('/brand');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Help' }));
    await waitFor(() => expect(driven).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const run = lastRun();
    expect(run.steps[0]).toMatchObject({ def: { id: 'welcome' }, number: 1 });
    // The folder and asset steps stay, centred, though this brand shows neither.
    expect(ids(run)).toEqual(expect.arrayContaining(['folder', 'asset', 'done']));
    expect(run.total).toBe(run.steps.at(-1)!.number);
    expect(router.state.location.pathname).toBe('/brand');
  }, 20_000);

  it('has no Help button without user.tour', async () => {
    const me = signIn(NEW, ['brand.view', 'collection.view']);
    server(me);
    renderApp('/brand/choose');
    await screen.findByRole('button', { name: /Acme/ });
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    await pause(1500);
    expect(driven).not.toHaveBeenCalled();
  });
});
