import { Loader, Overlay } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOADING_OVERLAY } from '@brandvault/contract';
import { useSession } from '../state/session';

/** Full-page overlay for work that blocks the whole app (sign in, sign out, language). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const isLoading = useSession((s) => s.isLoading);
  if (!isLoading) return null;
  return (
    <Overlay
      fixed
      color="#fff"
      backgroundOpacity={LOADING_OVERLAY.opacity}
      zIndex={LOADING_OVERLAY.zIndex}
      center
      role="status"
      aria-live="polite"
      aria-label={t('common.loading')}
      data-testid="loading-overlay"
    >
      <Loader size="md" />
    </Overlay>
  );
}
