import { Container, Text } from '@mantine/core';
import { IconKey, IconKeyOff } from '@tabler/icons-react';
import type { ApiKeyAdminItem } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { FilterDef, RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useAdminApiKeys, useAdminRevokeApiKey } from './api';
import type { ApiKeyAdminQuery } from './api';
import { keyColumns } from './keyColumns';

const PER_PAGE = 20;

/** Every user's API keys with their owners, for administrators to revoke (route guard: admin). */
export default function AdminApiKeysPage() {
  const { t } = useTranslation();
  usePageTitle(t('apiKeys.admin.title'));
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'active',
      label: t('apiKeys.admin.filter'),
      allLabel: t('apiKeys.admin.all'),
      options: [{ value: 'true', label: t('apiKeys.admin.activeOnly') }],
    },
  ];
  const table = useTableUrl({ filters, perPage: PER_PAGE, perPageOptions: [PER_PAGE, 50, 100] });
  const { page, perPage } = table.state;
  const query: ApiKeyAdminQuery = {
    page,
    per_page: perPage,
    ...(table.state.filters.active === 'true' ? { active: 'true' } : {}),
  };
  const keys = useAdminApiKeys(query);
  const revoke = useAdminRevokeApiKey();

  const onRevoke = async (k: ApiKeyAdminItem) => {
    const ok = await confirm({
      title: t('apiKeys.revokeConfirmTitle'),
      message: t('apiKeys.admin.revokeConfirm', { name: k.name, owner: k.owner.name }),
      confirmLabel: t('apiKeys.revoke'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(k.id, {
      onSuccess: () => notifySuccess(t('apiKeys.revokedTitle'), t('apiKeys.revoked', { name: k.name })),
      onError: (e) => notifyError(e),
    });
  };
  const actions: RowAction<ApiKeyAdminItem>[] = [
    {
      key: 'revoke',
      label: t('apiKeys.revoke'),
      ariaLabel: (k) => t('apiKeys.revokeNamed', { name: k.name }),
      icon: <IconKeyOff size={14} />,
      color: 'red',
      inline: true,
      hidden: (k) => k.state === 'revoked',
      loading: (k) => revoke.isPending && revoke.variables === k.id,
      onClick: (k) => void onRevoke(k),
    },
  ];
  const columns = [
    {
      key: 'owner',
      header: t('apiKeys.admin.owner'),
      cell: (k: ApiKeyAdminItem) => (
        <div>
          <Text size="sm">{k.owner.name}</Text>
          <Text size="xs" c="dimmed">
            {k.owner.email}
          </Text>
        </div>
      ),
    },
    ...keyColumns<ApiKeyAdminItem>(t),
  ];

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('apiKeys.admin.title')} description={t('apiKeys.admin.subtitle')} />
      <AdminTable<ApiKeyAdminItem>
        table={table}
        query={keys}
        label={t('apiKeys.admin.tableLabel')}
        columns={columns}
        rowKey={(k) => k.id}
        rowName={(k) => `${k.name} (${k.owner.name})`}
        rowProps={(k) => ({ 'data-testid': `admin-api-key-row-${k.id}` })}
        actions={actions}
        empty={{
          icon: <IconKey size={28} stroke={1.6} />,
          title: t('apiKeys.admin.emptyTitle'),
          description: t('apiKeys.admin.empty'),
        }}
        noMatch={{ title: t('apiKeys.admin.noMatchTitle'), description: t('apiKeys.admin.noMatch') }}
      />
    </Container>
  );
}
