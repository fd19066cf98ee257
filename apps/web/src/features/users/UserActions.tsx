import { Button, Group } from '@mantine/core';
import { IconCheck, IconLockOpen, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { AdminUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../app/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../app/notify';
import { isPending, useApproveUser, useChangeUserStatus, useUnlockUser } from './api';

/** Row actions; each one asks first through the shell's confirmation dialog. */
export function UserActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const approve = useApproveUser();
  const status = useChangeUserStatus();
  const unlock = useUnlockUser();
  const name = `${user.first_name} ${user.last_name}`.trim();
  const busy = approve.isPending || status.isPending || unlock.isPending;

  const onUnlock = () =>
    unlock.mutate(user.id, {
      onSuccess: () => notifySuccess(t('users.unlockedTitle'), t('users.unlocked', { name })),
      onError: (e) => notifyError(e),
    });

  const onApprove = async () => {
    const ok = await confirm({
      title: t('users.approveConfirmTitle'),
      message: t('users.approveConfirm', { name }),
      confirmLabel: t('users.approve'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    approve.mutate(user.id, {
      onSuccess: () => notifySuccess(t('users.approvedTitle'), t('users.approved', { name })),
      onError: (e) => notifyError(e),
    });
  };

  const onStatus = async (next: AdminUser['status']) => {
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

  // The server says what this caller may do to this user (e.g. never deactivate themselves).
  if (!user.abilities.change_status && !user.abilities.unlock) return null;

  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {user.abilities.unlock && (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          leftSection={<IconLockOpen size={14} />}
          loading={unlock.isPending}
          disabled={busy}
          onClick={onUnlock}
        >
          {t('users.unlock')}
        </Button>
      )}
      {!user.abilities.change_status ? null : isPending(user) ? (
        <Button
          size="compact-sm"
          leftSection={<IconCheck size={14} />}
          loading={approve.isPending}
          disabled={busy}
          onClick={() => void onApprove()}
        >
          {t('users.approve')}
        </Button>
      ) : user.status === 'ACTIVE' ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconPlayerPause size={14} />}
          loading={status.isPending}
          disabled={busy}
          onClick={() => void onStatus('INACTIVE')}
        >
          {t('users.deactivate')}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          loading={status.isPending}
          disabled={busy}
          onClick={() => void onStatus('ACTIVE')}
        >
          {t('users.activate')}
        </Button>
      )}
    </Group>
  );
}
