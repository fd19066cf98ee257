import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@brandvault/contract';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { useMarkRead } from './api';
import { notificationTarget } from './labels';

/**
 * Marks a notification read and goes where it points. An asset of another of the user's brands
 * selects that brand first (as opening a shortcut does), with the usual "now working in" toast,
 * so the asset page and the navbar agree.
 */
export function useOpenNotification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (n: Notification) => {
    if (!n.read_at) markRead.mutate(n.id);
    const to = notificationTarget(n);
    if (!to) return;
    if (n.kind !== 'share' && n.asset) {
      const session = useSession.getState();
      const brandId = n.asset.brand_id;
      if (session.selectedBrand?.id !== brandId) {
        const brand = session.sessionUser?.brands.find((b) => b.id === brandId);
        if (brand) {
          session.selectBrand(brand);
          notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
        }
      }
    }
    void navigate(to);
  };
}
