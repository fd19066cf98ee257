import { IconMasksTheater } from '@tabler/icons-react';
import type { AdminUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { useStartEmulation } from '../emulation/api';
import { userName } from './userColumns';

/**
 * The users table's Emulate action: offered to administrators holding `user.emulate` (and not
 * emulating already) for active users who are not administrators, as the server allows.
 */
export function useEmulateAction(): RowAction<AdminUser>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const selfId = useSession((s) => s.sessionUser?.id);
  const emulating = useSession((s) => s.emulatorStatus.isEmulating);
  const start = useStartEmulation();
  if (!can.permission('user.emulate') || !can.role('admin') || emulating) return [];

  const onEmulate = async (user: AdminUser) => {
    const name = userName(user);
    const ok = await confirm({
      title: t('emulation.confirmTitle'),
      message: t('emulation.confirm', { name }),
      confirmLabel: t('emulation.start'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    start.mutate(user.id, {
      onSuccess: () => void navigate('/brand/choose', { replace: true }),
      onError: (e) => notifyError(e),
    });
  };
  return [
    {
      key: 'emulate',
      label: t('emulation.start'),
      ariaLabel: (user) => t('emulation.startFor', { name: userName(user) }),
      icon: <IconMasksTheater size={14} />,
      hidden: (user) => user.id === selfId || user.status !== 'ACTIVE' || user.roles.some((r) => r.name === 'admin'),
      loading: (user) => start.isPending && start.variables === user.id,
      onClick: (user) => void onEmulate(user),
    },
  ];
}
