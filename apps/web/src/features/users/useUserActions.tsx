import { IconCheck, IconLockOpen, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { AdminUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isPending, useChangeUserStatus, useUnlockUser } from './api';
import { useApproveStore } from './ApproveUserDialog';
import { userName } from './userColumns';

/**
 * Edit, approve, activate, deactivate and unlock, each offered only where the server's `abilities`
 * allow it; approving opens ApproveUserDialog, the status changes ask through the shell's dialog.
 */
export function useUserActions(): RowAction<AdminUser>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useChangeUserStatus();
  const unlock = useUnlockUser();
  const onApprove = (user: AdminUser) => useApproveStore.setState({ user });

  const onStatus = async (user: AdminUser, next: AdminUser['status']) => {
    const name = userName(user);
    const activating = next === 'ACTIVE';
    const ok = await confirm({
      title: activating ? t('users.activateConfirmTitle') : t('users.deactivateConfirmTitle'),
      message: activating ? t('users.activateConfirm', { name }) : t('users.deactivateConfirm', { name }),
      confirmLabel: activating ? t('users.activate') : t('users.deactivate'),
      cancelLabel: t('common.cancel'),
      danger: !activating,
    });
    if (!ok) return;
    status.mutate(
      { id: user.id, status: next },
      {
        onSuccess: () =>
          notifySuccess(
            activating ? t('users.activatedTitle') : t('users.deactivatedTitle'),
            activating ? t('users.activated', { name }) : t('users.deactivated', { name }),
          ),
        onError: (e) => notifyError(e),
      },
    );
  };

  const onUnlock = (user: AdminUser) =>
    unlock.mutate(user.id, {
      onSuccess: () => notifySuccess(t('users.unlockedTitle'), t('users.unlocked', { name: userName(user) })),
      onError: (e) => notifyError(e),
    });

  const canStatus = (user: AdminUser) => user.abilities.change_status;
  return [
    {
      key: 'edit',
      label: t('users.edit'),
      ariaLabel: (user) => t('users.editFor', { name: userName(user) }),
      icon: <IconPencil size={14} />,
      inline: true,
      hidden: (user) => !user.abilities.edit,
      onClick: (user) => void navigate(`/users/${user.id}/edit`),
    },
    {
      key: 'unlock',
      label: t('users.unlock'),
      icon: <IconLockOpen size={14} />,
      color: 'orange',
      variant: 'light',
      inline: true,
      hidden: (user) => !user.abilities.unlock,
      loading: (user) => unlock.isPending && unlock.variables === user.id,
      onClick: onUnlock,
    },
    {
      key: 'approve',
      label: t('users.approve'),
      icon: <IconCheck size={14} />,
      variant: 'filled',
      inline: true,
      hidden: (user) => !canStatus(user) || !isPending(user),
      onClick: onApprove,
    },
    {
      key: 'deactivate',
      label: t('users.deactivate'),
      icon: <IconPlayerPause size={14} />,
      inline: true,
      hidden: (user) => !canStatus(user) || isPending(user) || user.status !== 'ACTIVE',
      loading: (user) => status.isPending && status.variables?.id === user.id,
      onClick: (user) => void onStatus(user, 'INACTIVE'),
    },
    {
      key: 'activate',
      label: t('users.activate'),
      icon: <IconPlayerPlay size={14} />,
      variant: 'light',
      inline: true,
      hidden: (user) => !canStatus(user) || isPending(user) || user.status === 'ACTIVE',
      loading: (user) => status.isPending && status.variables?.id === user.id,
      onClick: (user) => void onStatus(user, 'ACTIVE'),
    },
  ];
}
