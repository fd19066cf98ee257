import { useNavigate } from 'react-router';
import { SHORTCUT_ACCESS_MS, shortableKind } from '@brandvault/contract';
import type { Shortcut } from '@brandvault/contract';
import { useSession } from '../../state/session';

/** Where a shortcut lands: brand.home at its folder, with the viewer open on an asset. */
export function shortcutPath(s: Shortcut): string {
  return shortableKind(s.shortable_type) === 'asset'
    ? `/brand?folder=${s.folder_id}&view=${s.shortable_id}`
    : `/brand?folder=${s.folder_id}`;
}

/**
 * Spec §4: the main overlay shows for 800 ms; then the selected brand is cleared, the shortcut
 * and its brand are selected, and the user goes to brand.home.
 */
export function useOpenShortcut() {
  const navigate = useNavigate();
  return (s: Shortcut) => {
    useSession.getState().setLoading(true);
    window.setTimeout(() => {
      const session = useSession.getState();
      session.selectBrand(null);
      session.selectShortcut(s);
      session.selectBrand(s.brand);
      session.setLoading(false);
      void navigate(shortcutPath(s));
    }, SHORTCUT_ACCESS_MS);
  };
}
