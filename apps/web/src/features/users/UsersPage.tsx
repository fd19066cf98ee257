import { useState } from 'react';
import { Container, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableSearch } from '../../app/components/TableSearch';
import { PagePagination } from '../../app/components/PagePagination';
import { EmptyBlock } from '../../app/components/EmptyBlock';
import { PageError } from '../../app/components/PageError';
import { PageHeader } from '../../app/components/PageHeader';
import { formatNumber } from '../../i18n/format';
import { useCan } from '../../state/access';
import { useUsers } from './api';
import type { UserListQuery } from './api';
import { UsersTable } from './UsersTable';
import { usePageTitle } from '../../app/components/usePageTitle';

type StatusFilter = 'ALL' | NonNullable<UserListQuery['status']>;

export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const can = useCan();
  if (!can.permission('user.view')) {
    return (
      <Container size="sm" py="xl">
        <EmptyBlock
          icon={<IconLock size={28} stroke={1.6} />}
          title={t('users.forbiddenTitle')}
          description={t('users.forbidden')}
        />
      </Container>
    );
  }
  return <UsersList canManage={can.permission('user.manage')} />;
}

function UsersList({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [page, setPage] = useState(1);
  const query: UserListQuery = {
    page,
    ...(debounced ? { search: debounced } : {}),
    ...(status !== 'ALL' ? { status } : {}),
  };
  const users = useUsers(query);
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.per_page + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.per_page) : 0;
  const filtered = Boolean(debounced) || status !== 'ALL';

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('users.title')} description={t('users.subtitle')} />
      <Paper withBorder>
        <Group
          justify="space-between"
          p="md"
          gap="sm"
          wrap="wrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <TableSearch
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label={t('users.statusFilter')}
            value={status}
            onChange={(v) => {
              setStatus(v as StatusFilter);
              setPage(1);
            }}
            data={[
              { value: 'ALL', label: t('users.filter.all') },
              { value: 'PENDING', label: t('users.filter.pending') },
              { value: 'ACTIVE', label: t('users.filter.active') },
              { value: 'INACTIVE', label: t('users.filter.inactive') },
            ]}
          />
        </Group>
        {users.isError && !data ? (
          <div style={{ padding: 'var(--mantine-spacing-md)' }}>
            <PageError error={users.error} onRetry={() => void users.refetch()} />
          </div>
        ) : data && data.items.length === 0 ? (
          <EmptyBlock
            framed={false}
            icon={<IconUsers size={28} stroke={1.6} />}
            title={filtered ? t('users.noMatchTitle') : t('users.emptyTitle')}
            description={filtered ? t('users.noMatch') : t('users.empty')}
          />
        ) : (
          <UsersTable users={data?.items} loading={users.isPending} canManage={canManage} />
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text size="sm" c="dimmed">
              {t('users.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(data.total) })}
            </Text>
            {pages > 1 && <PagePagination total={pages} value={data.page} onChange={setPage} />}
          </Group>
        )}
      </Paper>
    </Container>
  );
}
