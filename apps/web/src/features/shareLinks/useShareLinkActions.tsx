import { IconClockEdit, IconDropletHalf2, IconFingerprint, IconLinkOff } from '@tabler/icons-react';
import type { ShareLink } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUpdateShareLink } from './api';
import { shareLinkName } from './shareLinkColumns';

/**
 * Revoke (asks first; it cannot be undone) and change expiry (opens the expiry form), each offered
 * only where the row's `abilities` allow it.
 */
export function useShareLinkActions(onChangeExpiry: (link: ShareLink) => void): RowAction<ShareLink>[] {
  const { t } = useTranslation();
  const update = useUpdateShareLink();
  const busy = (link: ShareLink) => update.isPending && update.variables?.id === link.id;

  const onRevoke = async (link: ShareLink) => {
    const name = link.resource_name;
    const ok = await confirm({
      title: t('shareLinks.revokeConfirmTitle'),
      message: t('shareLinks.revokeConfirm', { name, link: shareLinkName(t, link) }),
      confirmLabel: t('shareLinks.revoke'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    update.mutate(
      { id: link.id, body: { revoke: true } },
      {
        onSuccess: () => notifySuccess(t('shareLinks.revokedTitle'), t('shareLinks.revoked', { name })),
        onError: (e) => notifyError(e),
      },
    );
  };

  /** Watermark and traceable switch at once; the row shows the new state. */
  const toggle = (link: ShareLink, option: 'watermark' | 'traceable') => {
    const on = !link[option];
    update.mutate(
      { id: link.id, body: { [option]: on } },
      {
        onSuccess: () =>
          notifySuccess(
            t('shareLinks.protectionTitle'),
            t(`shareLinks.${option}${on ? 'Now' : 'Gone'}`, { name: link.resource_name }),
          ),
        onError: (e) => notifyError(e),
      },
    );
  };

  return [
    {
      key: 'expiry',
      label: t('shareLinks.changeExpiry'),
      icon: <IconClockEdit size={14} />,
      hidden: (link) => !link.abilities.update,
      loading: busy,
      onClick: onChangeExpiry,
    },
    {
      key: 'watermark',
      label: (link) => t(link.watermark ? 'shareLinks.watermarkOff' : 'shareLinks.watermarkOn'),
      icon: <IconDropletHalf2 size={14} />,
      hidden: (link) => !link.abilities.update,
      loading: busy,
      onClick: (link) => toggle(link, 'watermark'),
    },
    {
      key: 'traceable',
      label: (link) => t(link.traceable ? 'shareLinks.traceableOff' : 'shareLinks.traceableOn'),
      icon: <IconFingerprint size={14} />,
      hidden: (link) => !link.abilities.update,
      loading: busy,
      onClick: (link) => toggle(link, 'traceable'),
    },
    {
      key: 'revoke',
      label: t('shareLinks.revoke'),
      icon: <IconLinkOff size={14} />,
      color: 'red',
      hidden: (link) => !link.abilities.revoke,
      loading: busy,
      onClick: (link) => void onRevoke(link),
    },
  ];
}
