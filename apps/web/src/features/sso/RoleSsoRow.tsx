import { Switch, Table, Text, Tooltip } from '@mantine/core';
import type { RoleView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSetSsoOnly, useSsoRoles } from './api';

/**
 * The roles screen's "single sign-on only" row (administrators only): a role switched on signs in
 * through its identity provider, never with a password; the admin role stays the break-glass.
 */
export function RoleSsoRow({ roles, stickyClass }: { roles: RoleView[]; stickyClass: string }) {
  const { t } = useTranslation();
  const sso = useSsoRoles(true);
  const set = useSetSsoOnly();
  const byId = new Map((sso.data?.data ?? []).map((r) => [r.id, r]));
  if (!sso.data) return null;
  return (
    <Table.Tr>
      <Table.Td className={stickyClass}>
        <Text size="sm" fw={600}>
          {t('sso.roles.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('sso.roles.hint')}
        </Text>
      </Table.Td>
      {roles.map((r) => {
        const row = byId.get(r.id);
        const locked = row?.locked ?? false;
        return (
          <Table.Td key={r.id} ta="center">
            <Tooltip label={t('sso.roles.adminLocked')} disabled={!locked} multiline w={240}>
              <Switch
                display="inline-block"
                aria-label={t('sso.roles.switch', { name: r.name })}
                checked={row?.sso_only ?? false}
                disabled={locked || set.isPending}
                onChange={(e) =>
                  set.mutate(
                    { id: r.id, sso_only: e.currentTarget.checked },
                    {
                      onSuccess: () => notifySuccess(t('roles.title'), t('roles.saved')),
                      onError: (err) => notifyError(err),
                    },
                  )
                }
              />
            </Tooltip>
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
