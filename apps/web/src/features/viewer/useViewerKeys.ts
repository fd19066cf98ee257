import { useEffect, useRef } from 'react';

export interface ViewerKeyActions {
  prev: () => unknown;
  next: () => unknown;
  zoomIn: () => unknown;
  zoomOut: () => unknown;
  /** "0": back to the whole picture fitted in the stage. */
  resetZoom: () => unknown;
  /** "1": the image at its actual pixels; absent where that does not apply (PDF pages). */
  actualSize?: () => unknown;
  rotate: () => unknown;
  /** Space: plays or pauses a video or audio file; absent for other files. */
  togglePlay?: () => unknown;
  /** Zoom and rotation keys only act on what is shown as a picture. */
  visual: boolean;
  /** A dialog over the viewer (crop) has the keys. */
  paused?: boolean;
}

/** Keys typed in these keep their own meaning (seeking a video, moving a caret). */
function ownsKeys(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName))
  );
}

/** Space on these presses them, as it always does. */
function pressable(target: EventTarget | null) {
  return target instanceof HTMLElement && !!target.closest('button, a, [role="menuitem"], [role="tab"]');
}

/** The viewer's shortcuts, on the window so they work wherever focus sits in the dialog. */
export function useViewerKeys(actions: ViewerKeyActions) {
  // Latest handlers for the listener below, which is bound once.
  const keys = useRef(actions);
  keys.current = actions;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return;
      const k = keys.current;
      if (k.paused) return;
      const act: Record<string, (() => unknown) | undefined> = {
        ArrowLeft: k.prev,
        ArrowRight: k.next,
        '+': k.visual ? k.zoomIn : undefined,
        '=': k.visual ? k.zoomIn : undefined,
        '-': k.visual ? k.zoomOut : undefined,
        '0': k.visual ? k.resetZoom : undefined,
        '1': k.visual ? k.actualSize : undefined,
        r: k.visual ? k.rotate : undefined,
        R: k.visual ? k.rotate : undefined,
        ' ': pressable(e.target) ? undefined : k.togglePlay,
      };
      const fn = act[e.key];
      if (fn) {
        e.preventDefault();
        fn();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
