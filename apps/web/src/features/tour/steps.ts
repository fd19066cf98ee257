/**
 * The onboarding tour's steps (spec §2): four on the brand chooser, then, once a brand is opened,
 * eight in its searcher and a final one with Done: 12 plus the final one. Each step names the
 * `data-tour` anchors it may stand on, the first one on screen winning; a step none of whose
 * anchors is on screen is left out and the count says so, except the searcher's folder and asset,
 * which then explain themselves on a centred popover so a brand's tour always has all its steps.
 */
export type TourPhase = 'intro' | 'searcher';

export interface StepDef {
  /** Its texts are `tour.steps.<id>.title` and `.body`. */
  id: string;
  /** `data-tour` values, best first; the later ones are where the step stands on a narrow screen. */
  anchors: string[];
  /** The user may click what the step shows (the brand cards: a click opens the brand). */
  interactive?: boolean;
  /** With none of its anchors on screen it is centred (with its `bodyNone` text), not left out. */
  centredWhenMissing?: boolean;
}

export const INTRO_STEPS: StepDef[] = [
  { id: 'logo', anchors: ['logo'] },
  // Below the md breakpoint the menu lives behind the burger: the step points there.
  { id: 'collections', anchors: ['my_collections', 'menu-compact'] },
  { id: 'favorites', anchors: ['my_favorites', 'menu-compact'] },
  { id: 'brands', anchors: ['brand-cards'], interactive: true },
];

export const SEARCHER_STEPS: StepDef[] = [
  { id: 'welcome', anchors: [] },
  { id: 'header', anchors: ['searcher-header'] },
  // The folder tree, or the button that shows it again when the user has hidden it.
  { id: 'sidebar', anchors: ['left-sidebar', 'sidebar-toggle'] },
  { id: 'filters', anchors: ['filters-toggle'] },
  { id: 'sort', anchors: ['sort'] },
  { id: 'buttons', anchors: ['searcher-buttons'] },
  { id: 'folder', anchors: ['folder-card'], centredWhenMissing: true },
  // No asset at the brand's top level: the newest one of its folders ("Recently added").
  { id: 'asset', anchors: ['asset-card', 'asset-recent'], centredWhenMissing: true },
];

/** The last step: no anchor, and Done instead of Next. */
export const FINAL_STEP: StepDef = { id: 'done', anchors: [] };

export interface ResolvedStep {
  def: StepDef;
  /** The element it stands on; undefined for a centred step. */
  element: Element | undefined;
  /** Which of its anchors was found (e.g. `menu-compact`); undefined for a centred step. */
  anchor: string | undefined;
  /** Its place in the whole tour, from 1. */
  number: number;
}

export const anchorSelector = (anchor: string) => `[data-tour="${anchor}"]`;

/** On screen: laid out with a size, and not hidden by CSS (Mantine's hiddenFrom and visibleFrom). */
export function isShown(el: Element): boolean {
  if (!(el instanceof HTMLElement)) return el.getClientRects().length > 0;
  if (!el.isConnected || el.getClientRects().length === 0) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

export type Finder = (anchor: string) => Element | undefined;

/** The first element of an anchor that is on screen. */
export const findShown: Finder = (anchor) =>
  Array.from(document.querySelectorAll(anchorSelector(anchor))).find(isShown);

/**
 * The steps whose element is on screen, numbered from `first`. A step with no anchors always
 * stays; one whose anchors are all missing is left out, or centred when it says so.
 */
export function resolveSteps(defs: StepDef[], find: Finder, first = 1): ResolvedStep[] {
  const out: ResolvedStep[] = [];
  for (const def of defs) {
    const found = def.anchors.map((anchor) => ({ anchor, element: find(anchor) })).find((f) => f.element);
    if (found) out.push({ def, element: found.element, anchor: found.anchor, number: first + out.length });
    else if (def.anchors.length === 0 || def.centredWhenMissing)
      out.push({ def, element: undefined, anchor: undefined, number: first + out.length });
  }
  return out;
}

/** How many steps the tour has: what the intro shows, plus the searcher's (all of them until known). */
export function tourTotal(introShown: number, searcherShown: number = SEARCHER_STEPS.length) {
  return introShown + searcherShown + 1;
}
