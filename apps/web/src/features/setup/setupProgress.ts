import type { BrandSummary } from '@brandvault/contract';

/**
 * How far the first-run set-up got in this tab (the step reached and the brand made), so a reload
 * resumes there instead of at the organisation step. Forgotten once the set-up ends.
 */
const KEY = 'setup-progress';

export interface SetupProgress {
  active: number;
  brand: BrandSummary | null;
}

const START: SetupProgress = { active: 0, brand: null };

export function readProgress(): SetupProgress {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return START;
    const saved = JSON.parse(raw) as Partial<SetupProgress>;
    const active = typeof saved.active === 'number' && saved.active >= 0 && saved.active <= 2 ? saved.active : 0;
    const brand = saved.brand && typeof saved.brand.id === 'number' ? saved.brand : null;
    return { active, brand };
  } catch {
    return START;
  }
}

export function saveProgress(progress: SetupProgress) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // Without session storage a reload starts the set-up over; nothing made is lost on the server.
  }
}

export function forgetProgress() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
