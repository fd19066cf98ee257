import { useEffect } from 'react';
import { MENU_SEARCH_RESET_MS } from '@brandvault/contract';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * Typeahead in every open menu (§9): letters typed while focus is in a `role="menu"` move focus
 * to the first enabled item whose label starts with them, searching on from the focused item so
 * the same letter again steps through the items that share it; the typed text starts over after
 * MENU_SEARCH_RESET_MS. One listener for the whole app, since menus come from many features.
 */
export function useMenuTypeahead() {
  useEffect(() => {
    let typed = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || e.key === ' ') return;
      const active = document.activeElement;
      const menu = active instanceof HTMLElement ? active.closest<HTMLElement>('[role="menu"]') : null;
      if (!menu) return;
      clearTimeout(timer);
      timer = setTimeout(() => (typed = ''), MENU_SEARCH_RESET_MS);
      const repeat = typed.length === 1 && typed === fold(e.key);
      typed = repeat ? typed : typed + fold(e.key);
      const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter(
        (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-disabled') !== 'true',
      );
      const from = items.indexOf(active as HTMLElement);
      const order = [...items.slice(from + 1), ...items.slice(0, from + 1)];
      const match = (repeat || typed.length === 1 ? order : [...items.slice(from), ...items.slice(0, from)]).find(
        (el) => fold(el.textContent ?? '').startsWith(typed),
      );
      if (match) {
        e.preventDefault();
        match.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      clearTimeout(timer);
    };
  }, []);
}
