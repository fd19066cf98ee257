import type { BrandSummary, SessionUser } from '@brandvault/contract';

/**
 * Where the administrator stood when an emulation started (their brand and page), so finishing
 * brings them back there. Kept per tab, as the emulation survives a reload of it.
 */
const KEY = 'emulation-return';

export interface ReturnPlace {
  brand: BrandSummary | null;
  /** Path with its query, e.g. `/users?q=grace`. */
  path: string;
}

export function rememberPlace(place: ReturnPlace) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(place));
  } catch {
    // Without session storage finishing lands on the users list, as the spec has it.
  }
}

/** Read once: the brand only if the administrator still has it, the path only if it is the app's own. */
export function takePlace(admin: SessionUser): { brand: BrandSummary | null; path: string | null } {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return { brand: null, path: null };
  }
  if (!raw) return { brand: null, path: null };
  try {
    const place = JSON.parse(raw) as Partial<ReturnPlace>;
    const brand = admin.brands.find((b) => b.id === place.brand?.id) ?? null;
    const path = typeof place.path === 'string' && /^\/(?!\/)/.test(place.path) ? place.path : null;
    return { brand, path };
  } catch {
    return { brand: null, path: null };
  }
}
