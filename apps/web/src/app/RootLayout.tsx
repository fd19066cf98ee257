import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../api/client';
import { ensureAllTexts } from '../i18n';
import { useSession } from '../state/session';
import { useMeRefresh } from '../features/auth/api';
import { useConfirmStore } from '../ui/confirm/confirmStore';
import { LoadingOverlay } from './LoadingOverlay';
import { OfflineNotice } from './OfflineNotice';
import { useMenuTypeahead } from './menuTypeahead';

// The dialog's code (Modal, focus trap, scroll lock) downloads the first time something asks.
// It may ask in any screen's words, so it waits for every text too.
const ConfirmDialog = lazy(() =>
  Promise.all([import('../ui/confirm/ConfirmDialog'), ensureAllTexts()]).then(([m]) => ({ default: m.ConfirmDialog })),
);

/** Everything every screen shares: the session refresh, the overlay and the confirmation dialog. */
export function RootLayout() {
  const navigate = useNavigate();

  useEffect(() => {
    setUnauthenticatedHandler(() => {
      useSession.getState().reset();
      void navigate('/login', { replace: true });
    });
  }, [navigate]);

  useMeRefresh();
  useMenuTypeahead();
  const asked = useConfirmStore((s) => s.request !== null);
  const [needed, setNeeded] = useState(false);
  if (asked && !needed) setNeeded(true);

  return (
    <>
      <Outlet />
      <LoadingOverlay />
      <OfflineNotice />
      {needed && (
        <Suspense fallback={null}>
          <ConfirmDialog />
        </Suspense>
      )}
    </>
  );
}
