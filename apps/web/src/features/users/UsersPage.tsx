import { Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { ROLES, USERS_PER_PAGE } from '@brandvault/contract';
import type { AdminUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { FilterDef } from '../../ui/adminTable';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useCan } from '../../state/access';
import { useGrantable, useMyBrands, useUsers } from './api';
import { ApproveUserDialog } from './ApproveUserDialog';
import type { UserListQuery } from './api';
import { userColumns, userName } from './userColumns';
import { useUserActions } from './useUserActions';
import { useEmulateAction } from './EmulateAction';
import { UsersReportActions } from '../reports/UsersReportActions';

const STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;
type StatusFilter = (typeof STATUSES)[number];

/** users: every account, searchable and filtered by status, role and brand (route guard: user.view). */
export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const canManage = useCan().permission('user.manage');
  const brands = useMyBrands(true);
  // Roles made on the roles screen join the seeded ones for those who may hand them out.
  const roleNames = [...new Set([...ROLES, ...(useGrantable(canManage).data?.roles ?? [])])];
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'status',
      label: t('users.statusFilter'),
      allLabel: t('users.filter.all'),
      options: STATUSES.map((s) => ({ value: s, label: t(`users.filter.${s.toLowerCase()}`) })),
    },
    {
      type: 'select',
      key: 'role',
      label: t('users.roleFilter'),
      allLabel: t('users.filterAllRoles'),
      acceptUnlisted: true,
      options: roleNames.map((r) => ({ value: r, label: t(`roles.${r}`, { defaultValue: r }) })),
    },
    {
      type: 'select',
      key: 'brand',
      label: t('users.brandFilter'),
      // The brands load after the URL is read: keep a deep-linked brand meanwhile.
      acceptUnlisted: true,
      allLabel: t('users.filterAllBrands'),
      options: (brands.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    },
  ];
  const table = useTableUrl({ filters, perPage: USERS_PER_PAGE, perPageOptions: [USERS_PER_PAGE, 50, 100] });
  const { search, page, perPage } = table.state;
  const status = table.state.filters.status as StatusFilter | '';
  const role = table.state.filters.role || undefined;
  const brand = Number(table.state.filters.brand) || undefined;
  const query: UserListQuery = {
    page,
    ...(perPage !== USERS_PER_PAGE ? { per_page: perPage } : {}),
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(role ? { role } : {}),
    ...(brand ? { brand } : {}),
  };
  const users = useUsers(query);
  const actions = [...useUserActions(), ...useEmulateAction()];

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title={t('users.title')}
        description={t('users.subtitle')}
        actions={
          <Group gap="sm">
            <UsersReportActions
              query={{
                ...(search ? { search } : {}),
                ...(status ? { status } : {}),
                ...(role ? { role } : {}),
                ...(brand ? { brand } : {}),
              }}
            />
            {canManage && (
              <Button component={Link} to="/users/create" leftSection={<IconPlus size={16} />}>
                {t('users.create')}
              </Button>
            )}
          </Group>
        }
      />
      <AdminTable<AdminUser>
        table={table}
        query={users}
        label={t('users.tableLabel')}
        columns={userColumns(t)}
        rowKey={(u) => u.id}
        rowName={userName}
        rowProps={(u) => ({ 'data-testid': `user-row-${u.id}` })}
        search={{ label: t('users.search'), placeholder: t('users.searchPlaceholder') }}
        actions={canManage ? actions : []}
        empty={{
          icon: <IconUsers size={28} stroke={1.6} />,
          title: t('users.emptyTitle'),
          description: t('users.empty'),
        }}
        noMatch={{ title: t('users.noMatchTitle'), description: t('users.noMatch') }}
        range={(r) => t('users.range', r)}
      />
      {canManage && <ApproveUserDialog />}
    </Container>
  );
}
