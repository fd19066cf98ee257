import { Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRolesTwoFactor, useSetRoleTwoFactor } from './api';

/**
 * The roles screen's first row: whether each role requires two-factor sign-in of its holders
 * (they set it up at their next sign-in). `roleIds` gives the screen's column order.
 */
export function RoleTwoFactorRow({
  roleIds,
  canEdit,
  labelClass,
}: {
  roleIds: number[];
  canEdit: boolean;
  labelClass?: string;
}) {
  const { t } = useTranslation();
  const roles = useRolesTwoFactor();
  const set = useSetRoleTwoFactor();
  const byId = new Map((roles.data?.data ?? []).map((r) => [r.id, r]));
  return (
    <Table.Tr>
      <Table.Td className={labelClass}>
        <Text size="sm" fw={600}>
          {t('twoFactor.roleRequired')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('twoFactor.roleRequiredHint')}
        </Text>
      </Table.Td>
      {roleIds.map((id) => {
        const r = byId.get(id);
        return (
          <Table.Td key={id} ta="center">
            {r && (
              <Switch
                display="inline-block"
                aria-label={t('twoFactor.roleSwitch', { name: r.name })}
                checked={r.required}
                disabled={!canEdit || set.isPending}
                onChange={(e) =>
                  set.mutate(
                    { id, required: e.currentTarget.checked },
                    {
                      onSuccess: (saved) =>
                        notifySuccess(
                          t('roles.title'),
                          saved.required
                            ? t('twoFactor.roleOn', { name: saved.name })
                            : t('twoFactor.roleOff', { name: saved.name }),
                        ),
                      onError: (err) => notifyError(err),
                    },
                  )
                }
              />
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
