import { driver } from 'driver.js';
import type { DriveStep, PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { confirm } from '../../ui/confirm/confirmStore';
import i18n from '../../i18n';
import type { ResolvedStep } from './steps';

/** Loaded with the first tour only: driver.js and its styles stay out of every other page's bundle. */
export interface DriveOptions {
  steps: ResolvedStep[];
  /** Steps in the whole tour, for "3 of 13". */
  total: number;
  /** Interpolated into the texts (escaped: driver.js writes them as HTML). */
  vars?: Record<string, string>;
  /** Next on the last step: Done, or opening a brand at the end of the intro. */
  onLastNext: () => void;
  /** The user confirmed they want to stop. */
  onStop: () => void;
}

export interface TourRun {
  destroy: () => void;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const text = (key: string, vars?: Record<string, unknown>) => escapeHtml(i18n.t(key, vars));

/** A key press inside another dialog (the stop question) is that dialog's, not the tour's. */
const inOtherDialog = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('[role="dialog"]:not(.driver-popover)');

/** What may say it opens a popup (WAI-ARIA): anything else must not carry aria-haspopup or aria-expanded. */
const OPENER =
  'button, a[href], input, [role="button"], [role="combobox"], [role="link"], [role="menuitem"], [role="tab"]';

/** driver.js marks every highlighted element as a popup opener; on a plain region that is invalid. */
function unmarkHighlight(element: Element | undefined) {
  if (!element || element.matches(OPENER)) return;
  element.removeAttribute('aria-haspopup');
  element.removeAttribute('aria-expanded');
}

/** Which text a step shows: the narrow-screen variant when it stands on its fallback anchor. */
function bodyKey(step: ResolvedStep) {
  const base = `tour.steps.${step.def.id}`;
  // A step that stands on something but found nothing on this page explains it instead.
  if (!step.element && step.def.anchors.length > 0) return `${base}.bodyNone`;
  if (step.anchor === 'menu-compact') return `${base}.bodyMenu`;
  if (step.anchor === 'sidebar-toggle') return `${base}.bodyToggle`;
  // An anchor that stands for something else on this screen (the phone's folder drawer button).
  const variant = step.element instanceof HTMLElement ? step.element.dataset.tourBody : undefined;
  if (variant) return `${base}.${variant}`;
  return `${base}.body`;
}

/**
 * Runs one stretch of the tour with driver.js: Exit, Back, Next (Done on the final step), arrow
 * keys to move and Escape to leave; leaving asks first, in the app's own confirmation dialog.
 */
export function drive(o: DriveOptions): TourRun {
  const last = o.steps.length - 1;
  const isFinal = (i: number) => i === last && o.steps[i]!.def.id === 'done';
  let asking = false;
  /** When the stop question was last answered: key presses from before then were the dialog's. */
  let answeredAt = -Infinity;
  let ended = false;

  const toStep = (s: ResolvedStep, i: number): DriveStep => ({
    element: s.element,
    disableActiveInteraction: !s.def.interactive,
    popover: {
      title: text(`tour.steps.${s.def.id}.title`, o.vars),
      description: text(bodyKey(s), o.vars),
      progressText: text('tour.progress', { current: s.number, total: o.total }),
      nextBtnText: text(isFinal(i) ? 'tour.done' : 'tour.next'),
      prevBtnText: text('tour.back'),
      showButtons: i === 0 ? ['next'] : ['next', 'previous'],
    },
  });

  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const d = driver({
    steps: o.steps.map(toStep),
    animate: !reducedMotion,
    duration: 300,
    // Leaving is ours to handle (it asks first): no ×, no close on Escape or on the backdrop.
    allowClose: false,
    allowKeyboardControl: false,
    overlayClickBehavior: () => undefined,
    overlayColor: '#1a1b1e',
    overlayOpacity: 0.55,
    stagePadding: 6,
    stageRadius: 8,
    popoverOffset: 8,
    popoverClass: 'bv-tour',
    showProgress: true,
    onPopoverRender: (popover, { state }) => decorate(popover, state.activeIndex ?? 0),
    // Focus the way forward once the step has settled (driver.js focuses the first button).
    onHighlighted: (element) => {
      unmarkHighlight(element);
      // A centred step highlights driver.js's own stand-in, which it marks the same way.
      unmarkHighlight(document.getElementById('driver-dummy-element') ?? undefined);
      (d.getState('popover') as PopoverDOM | undefined)?.nextButton.focus();
    },
    onNextClick: () => next(),
    onPrevClick: () => previous(),
  });

  function decorate(popover: PopoverDOM, index: number) {
    popover.wrapper.dataset.step = o.steps[index]?.def.id ?? '';
    // driver.js's <header> and <footer> would be a second banner and content-info of the page.
    popover.title.setAttribute('role', 'none');
    popover.footer.setAttribute('role', 'none');
    if (isFinal(index)) return;
    const exit = document.createElement('button');
    exit.type = 'button';
    exit.className = 'driver-popover-footer-btn bv-tour-exit';
    exit.textContent = i18n.t('tour.exit');
    exit.addEventListener('click', () => void askStop());
    popover.footerButtons.prepend(exit);
  }

  function next() {
    const i = d.getActiveIndex();
    if (i === undefined) return;
    if (i >= last) o.onLastNext();
    else d.moveNext();
  }

  function previous() {
    const i = d.getActiveIndex();
    if (i !== undefined && i > 0) d.movePrevious();
  }

  async function askStop() {
    if (asking || ended) return;
    asking = true;
    const yes = await confirm({
      title: i18n.t('tour.stopTitle'),
      message: i18n.t('tour.stopMessage'),
      confirmLabel: i18n.t('tour.stop'),
      cancelLabel: i18n.t('tour.keepGoing'),
    });
    asking = false;
    answeredAt = performance.now();
    if (yes && !ended) o.onStop();
  }

  // Registered before driver.js's own listener (drive() adds it), so a key meant for the stop
  // question never reaches the tour, nor its focus trap.
  const onKeydown = (e: KeyboardEvent) => {
    if (asking || e.timeStamp <= answeredAt || inOtherDialog(e.target)) {
      e.stopImmediatePropagation();
      return;
    }
    if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const act = { Escape: askStop, ArrowRight: next, ArrowLeft: previous }[e.key];
    if (!act) return;
    e.preventDefault();
    void act();
  };
  window.addEventListener('keydown', onKeydown);
  d.drive();

  return {
    destroy() {
      ended = true;
      window.removeEventListener('keydown', onKeydown);
      d.destroy();
    },
  };
}
