import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Container, Group, Loader, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { PERMISSION_AREAS, PERMISSION_INFO, PERMISSIONS } from '@brandvault/contract';
import type { PermissionArea, PermissionName, RoleView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifyError, notifySuccess } from '../../lib/notify';
import { currentLang } from '../../i18n';
import { useCan } from '../../state/access';
import { RoleSsoRow } from '../sso/RoleSsoRow';
import { DeleteRoleModal, RoleNameModal } from './RoleDialogs';
import classes from './Roles.module.css';
import { useRoles, useUpdateRole } from './api';
import { RoleTwoFactorRow } from '../twoFactor/RoleTwoFactorRow';

const AREAS = Object.keys(PERMISSION_AREAS) as PermissionArea[];

/** roles.manage: roles as columns, permissions grouped by area as rows (route guard: role.view). */
export default function RolesPage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.title'));
  const lang = currentLang();
  const can = useCan();
  const canEdit = can.permission('role.manage');
  // Who signs in how is the administrators' (issue 41 §1).
  const isAdmin = can.role('admin');
  const roles = useRoles();
  const update = useUpdateRole();
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'rename' | 'delete'; role: RoleView } | null>(null);

  const toggle = (role: RoleView, p: PermissionName, on: boolean) => {
    const permissions = (on ? [...role.permissions, p] : role.permissions.filter((x) => x !== p)) as PermissionName[];
    update.mutate(
      { id: role.id, permissions },
      { onSuccess: () => notifySuccess(t('roles.title'), t('roles.saved')), onError: (e) => notifyError(e) },
    );
  };

  const list = roles.data?.data ?? [];
  return (
    <Container size="xl" py="md">
      <PageHeader
        title={t('roles.title')}
        description={t('roles.subtitle')}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
              {t('roles.create')}
            </Button>
          )
        }
      />
      {roles.isPending && <Loader aria-label={t('roles.loading')} />}
      {roles.isError && <Alert color="red">{t('roles.error')}</Alert>}
      {roles.isSuccess && (
        <div className={classes.scroll}>
          <Table withTableBorder striped stickyHeader aria-label={t('roles.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.sticky}>{t('roles.permission')}</Table.Th>
                {list.map((r) => (
                  <Table.Th key={r.id} ta="center">
                    <Group gap={4} justify="center" wrap="nowrap">
                      <Text fw={600} size="sm">
                        {r.name}
                      </Text>
                      {canEdit && !r.locked && (
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" size="sm" aria-label={t('roles.actions', { name: r.name })}>
                              <IconDots size={14} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setDialog({ kind: 'rename', role: r })}>
                              {t('roles.rename')}
                            </Menu.Item>
                            <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', role: r })}>
                              {t('roles.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('roles.users', { count: r.users })}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <RoleTwoFactorRow roleIds={list.map((r) => r.id)} canEdit={canEdit} labelClass={classes.sticky} />
              {isAdmin && <RoleSsoRow roles={list} stickyClass={classes.sticky ?? ''} />}
              {AREAS.map((area) => {
                const perms = PERMISSIONS.filter((p) => PERMISSION_INFO[p].area === area);
                if (!perms.length) return null;
                return [
                  <Table.Tr key={area}>
                    <Table.Td className={classes.sticky} colSpan={1}>
                      <Text fw={700} size="sm">
                        {PERMISSION_AREAS[area][lang]}
                      </Text>
                    </Table.Td>
                    <Table.Td colSpan={list.length} />
                  </Table.Tr>,
                  ...perms.map((p) => (
                    <Table.Tr key={p}>
                      <Table.Td className={classes.sticky}>
                        <Text size="sm">{PERMISSION_INFO[p][lang]}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {p}
                        </Text>
                      </Table.Td>
                      {list.map((r) => (
                        <Table.Td key={r.id} ta="center">
                          <Checkbox
                            display="inline-block"
                            aria-label={`${r.name}: ${p}`}
                            checked={r.locked || r.permissions.includes(p)}
                            disabled={!canEdit || r.locked || update.isPending}
                            onChange={(e) => toggle(r, p, e.currentTarget.checked)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  )),
                ];
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {dialog?.kind === 'create' && <RoleNameModal roles={list} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && <RoleNameModal roles={list} role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteRoleModal role={dialog.role} onClose={() => setDialog(null)} />}
    </Container>
  );
}
