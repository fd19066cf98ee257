import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';

/** The list with the item at `from` taken out and put back at `to`. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return list;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * Drag handles for a vertical list, by mouse, touch or pen (pointer events) and by keyboard
 * (arrows, Home, End on the focused handle). The order changes as the pointer passes the rows.
 */
export function useDragOrder<T>(order: T[], onChange: (next: T[]) => void, onMoved?: (item: T, to: number) => void) {
  const [dragging, setDragging] = useState<T | null>(null);
  const rows = useRef(new Map<T, HTMLElement>());
  const handles = useRef(new Map<T, HTMLElement>());
  const latest = useRef({ order, onChange, onMoved });
  const refocus = useRef<T | null>(null);
  useLayoutEffect(() => {
    latest.current = { order, onChange, onMoved };
  });

  // A moved row is put back in the DOM, which can drop the focus: give it back to its handle.
  useLayoutEffect(() => {
    if (refocus.current === null) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [order]);

  const stopDrag = useRef<(() => void) | null>(null);
  useEffect(() => () => stopDrag.current?.(), []);

  /** Listened on the window from the press on: the dragged row moves in the DOM under the pointer. */
  const startDrag = (value: T) => {
    stopDrag.current?.();
    const move = (e: PointerEvent) => {
      const { order: list, onChange: change } = latest.current;
      const from = list.indexOf(value);
      let to = 0;
      list.forEach((v, i) => {
        const box = rows.current.get(v)?.getBoundingClientRect();
        if (box && e.clientY >= box.top) to = i;
      });
      if (from < 0 || to === from) return;
      const next = moveItem(list, from, to);
      // Moves come faster than renders: the next one starts from this order.
      latest.current.order = next;
      change(next);
    };
    const end = () => {
      stop();
      latest.current.onMoved?.(value, latest.current.order.indexOf(value));
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stopDrag.current = null;
      setDragging(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stopDrag.current = stop;
    setDragging(value);
  };

  const rowProps = (value: T) => ({
    ref: (el: HTMLElement | null) => void (el ? rows.current.set(value, el) : rows.current.delete(value)),
    'data-dragging': dragging === value || undefined,
  });

  const handleProps = (value: T) => ({
    ref: (el: HTMLElement | null) => void (el ? handles.current.set(value, el) : handles.current.delete(value)),
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      // No text selection, and no page scroll under a finger (with touch-action: none on the handle).
      e.preventDefault();
      startDrag(value);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const from = order.indexOf(value);
      const to = { ArrowUp: from - 1, ArrowDown: from + 1, Home: 0, End: order.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      if (to < 0 || to >= order.length || to === from) return;
      refocus.current = value;
      onChange(moveItem(order, from, to));
      onMoved?.(value, to);
    },
  });

  return { rowProps, handleProps, dragging };
}
