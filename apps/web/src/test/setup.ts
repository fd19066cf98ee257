import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterAll, afterEach, vi } from 'vitest';
import i18n from '../i18n';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { resetStores } from './zustand';

// findBy/waitFor wait on what the screen shows; on a loaded 2-core machine a first render has
// taken over the library's 1 s default, so they wait up to 10 s (a pass still returns at once).
configure({ asyncUtilTimeout: 10_000 });

// The app fetches the rest of English and Spanish when first needed; tests have every text at once.
i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es);

// jsdom lacks the layout APIs Mantine asks for; these stand-ins are enough for component tests.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// Most files share their worker's modules and document with the files before them
// (vite.config.ts): what a file leaves in module state (stores, toasts, the language) and in the
// document is put back as a fresh import would have it, so the next file starts as it would alone.
afterAll(async () => {
  resetStores();
  notifications.clean();
  notifications.cleanQueue();
  document.body.innerHTML = '';
  for (const cookie of document.cookie.split(';').filter(Boolean))
    document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = i18n.language;
});
