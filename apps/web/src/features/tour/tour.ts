import { useEffect } from 'react';
import { create } from 'zustand';
import { TOUR_SEARCHER_MS, TOUR_START_MS } from '@brandvault/contract';
import type { TourOutcome, TourState } from '@brandvault/contract';
import { hasPermission } from '../../state/access';
import { useSession } from '../../state/session';
import type { SessionData } from '../../state/session';
import { recordTour } from './api';
import type { TourRun } from './driveTour';
import { FINAL_STEP, INTRO_STEPS, SEARCHER_STEPS, anchorSelector, findShown, resolveSteps, tourTotal } from './steps';
import type { ResolvedStep } from './steps';

/**
 * The tour's life (spec §2, §4, §9): the intro on the brand chooser, a pause while the brand
 * opens after a card is clicked, then the searcher's steps; Done completes it, a confirmed Exit
 * stops it, and either is recorded on the user. driver.js loads only when a tour starts.
 */
export type TourStage = 'idle' | 'intro' | 'between' | 'searcher';

interface TourStore {
  stage: TourStage;
  /** The Help button asked for the tour: it starts once the brand chooser settles. */
  requested: boolean;
}

export const useTourStore = create<TourStore>(() => ({ stage: 'idle', requested: false }));

const loadDriver = () => import('./driveTour');

let run: TourRun | null = null;
let pause: ReturnType<typeof setTimeout> | undefined;
let introShown = 0;
/** Users whose tour already started by itself since the page loaded: once is enough. */
const startedFor = new Set<number>();

const stage = () => useTourStore.getState().stage;
const setStage = (next: TourStage) => useTourStore.setState({ stage: next, requested: false });

/** Whether the tour should start by itself for this session's user: new to it, and on their own account. */
export function startsByItself(s: Pick<SessionData, 'sessionUser' | 'permissions' | 'emulatorStatus'>): boolean {
  const user = s.sessionUser;
  if (!user || s.emulatorStatus.isEmulating || startedFor.has(user.id)) return false;
  if (!hasPermission({ ...s, isLoggedIn: true }, 'user.tour')) return false;
  // A session saved before the tour existed has no `tour` yet: the refresh of /me brings it.
  const tour = user.tour as TourState | undefined;
  return tour !== undefined && tour.completed_at === null && tour.dismissed_at === null;
}

/** The Help button away from a page with steps: the whole tour, on the brand chooser (the button takes the user there). */
export function requestTour() {
  if (stage() === 'idle') useTourStore.setState({ requested: true });
}

/**
 * The Help button on a brand page: the tour starts there, with the searcher's steps, numbered on
 * their own (the brand chooser's steps belong to the whole tour, which Help on the chooser runs).
 */
export function startOnBrandPage() {
  const user = useSession.getState().sessionUser;
  if (!user || stage() !== 'idle') return;
  startedFor.add(user.id);
  introShown = 0;
  setStage('between');
  pause = setTimeout(() => void startSearcher(), TOUR_START_MS);
}

/**
 * On the brand chooser, once it has settled (`settled`): starts the tour TOUR_START_MS later when
 * the Help button asked for it, or by itself for a user who has never completed nor stopped it.
 */
export function useTourOnChooser(settled: boolean) {
  const requested = useTourStore((s) => s.requested);
  const sessionUser = useSession((s) => s.sessionUser);
  const permissions = useSession((s) => s.permissions);
  const emulatorStatus = useSession((s) => s.emulatorStatus);
  useEffect(() => {
    if (!settled || stage() !== 'idle') return;
    if (!requested && !startsByItself({ sessionUser, permissions, emulatorStatus })) return;
    const timer = setTimeout(() => void startIntro(), TOUR_START_MS);
    return () => clearTimeout(timer);
  }, [settled, requested, sessionUser, permissions, emulatorStatus]);
}

/** A step that stands nowhere: the final one, or the intro's last when there is no brand to open. */
const centred = (number: number): ResolvedStep => ({ def: FINAL_STEP, element: undefined, anchor: undefined, number });

/** Starts the tour now, with the steps of the brand chooser on screen (useTourOnChooser calls it). */
export async function startIntro() {
  const user = useSession.getState().sessionUser;
  if (!user || stage() !== 'idle') return;
  startedFor.add(user.id);
  setStage('intro');
  const { drive } = await loadDriver();
  if (stage() !== 'intro') return;
  const steps = resolveSteps(INTRO_STEPS, findShown);
  introShown = steps.length;
  // Without a brand card there is no searcher to go on to: the intro ends with the final step.
  const withBrands = steps.some((s) => s.def.id === 'brands');
  run = drive({
    steps: withBrands ? steps : [...steps, centred(steps.length + 1)],
    total: withBrands ? tourTotal(steps.length) : steps.length + 1,
    onLastNext: withBrands ? openBrand : () => finish('completed'),
    onStop: () => finish('dismissed'),
  });
}

/** Next on the brand cards step: as if the current brand's card, or else the first, were clicked. */
function openBrand() {
  const cards = document.querySelector(anchorSelector('brand-cards'));
  const card = cards?.querySelector<HTMLElement>('button[data-current]') ?? cards?.querySelector('button');
  card?.click();
}

/** The brand chooser calls this when a card is clicked: the searcher's steps follow once the brand has opened. */
/** True when the tour goes on to the brand home's steps (so the brand home must open). */
export function brandChosen(): boolean {
  if (stage() !== 'intro') return false;
  run?.destroy();
  run = null;
  setStage('between');
  pause = setTimeout(() => void startSearcher(), TOUR_SEARCHER_MS);
  return true;
}

/** Resolves once `done()` holds, checking every 100 ms, or after `limitMs` regardless. */
async function until(done: () => boolean, limitMs: number) {
  const start = Date.now();
  while (!done() && Date.now() - start < limitMs) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Nothing busy in the brand home: its folders and first assets are in. Waited for up to 12 s, as a
 * folder or asset step resolved before they arrive would explain a missing card instead.
 */
const pageSettled = () => !document.querySelector('#main [aria-busy="true"]');

async function startSearcher() {
  if (stage() !== 'between') return;
  // On a slow connection the brand home's code may still be on its way when the pause ends, and
  // its steps stand on its elements: wait for it while the chooser may still be on screen.
  await until(() => stage() !== 'between' || !!document.querySelector(anchorSelector('brand-home')), 20_000);
  if (stage() !== 'between') return;
  setStage('searcher');
  const [{ drive }] = await Promise.all([loadDriver(), until(pageSettled, 12_000)]);
  if (stage() !== 'searcher') return;
  const steps = resolveSteps(SEARCHER_STEPS, findShown, introShown + 1);
  const final = centred(introShown + steps.length + 1);
  run = drive({
    steps: [...steps, final],
    total: final.number,
    vars: { brand: useSession.getState().selectedBrand?.name ?? '' },
    onLastNext: () => finish('completed'),
    onStop: () => finish('dismissed'),
  });
}

/** Ends the tour where it is, recording nothing (the user left the page it was on, or signed out). */
export function abortTour() {
  clearTimeout(pause);
  run?.destroy();
  run = null;
  if (stage() !== 'idle') setStage('idle');
}

/** Done or a confirmed Exit: the tour ends, and the user's account remembers it. */
function finish(outcome: TourOutcome) {
  abortTour();
  const session = useSession.getState();
  const user = session.sessionUser;
  // An administrator acting as someone takes the tour as they would; it stays the user's to take.
  if (!user || session.emulatorStatus.isEmulating) return;
  const at = new Date().toISOString();
  const before = (user.tour as TourState | undefined) ?? { completed_at: null, dismissed_at: null };
  session.setTour(outcome === 'completed' ? { ...before, completed_at: at } : { ...before, dismissed_at: at });
  // Kept in this session either way; should the call fail, the next sign-in offers the tour again.
  recordTour(outcome).then(
    (tour) => useSession.getState().setTour(tour),
    () => undefined,
  );
}
