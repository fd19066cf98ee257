import { useState } from 'react';
import { Avatar, Badge, Button, Container, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconLock,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import type { Brand } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { TableSearch } from '../../app/components/TableSearch';
import { PagePagination } from '../../app/components/PagePagination';
import { confirm } from '../../app/confirm/confirmStore';
import { EmptyBlock } from '../../app/components/EmptyBlock';
import { PageError } from '../../app/components/PageError';
import { PageHeader } from '../../app/components/PageHeader';
import { usePageTitle } from '../../app/components/usePageTitle';
import { notifyError, notifySuccess } from '../../app/notify';
import { formatDate, formatNumber } from '../../i18n/format';
import { useCan } from '../../state/access';
import { useBrandStatus, useBrandsAll } from './api';
import type { BrandAllQuery } from './api';
import { BrandFormModal } from './BrandFormModal';
import type { BrandFormMode } from './BrandFormModal';

/** brand.all: every brand in one table, with create, edit and status (permission brand.manage). */
export default function BrandsAdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('brandAdmin.title'));
  const can = useCan();
  if (!can.permission('brand.manage')) {
    return (
      <Container size="sm" py="xl">
        <EmptyBlock
          icon={<IconLock size={28} stroke={1.6} />}
          title={t('brandAdmin.forbiddenTitle')}
          description={t('brandAdmin.forbidden')}
        />
      </Container>
    );
  }
  return <BrandsList />;
}

function BrandsList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<BrandFormMode | null>(null);
  const query: BrandAllQuery = { page, ...(debounced ? { search: debounced } : {}) };
  const brands = useBrandsAll(query);
  const data = brands.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * data.per_page + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.per_page) : 0;

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title={t('brandAdmin.title')}
        description={t('brandAdmin.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setMode({ kind: 'create' })}>
            {t('brandAdmin.new')}
          </Button>
        }
      />
      <Paper withBorder>
        <Group p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <TableSearch
            label={t('brandAdmin.search')}
            placeholder={t('brandAdmin.searchPlaceholder')}
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </Group>
        {brands.isError ? (
          <PageError error={brands.error} onRetry={() => void brands.refetch()} />
        ) : data && data.items.length === 0 ? (
          <EmptyBlock
            framed={false}
            icon={<IconBuildingStore size={28} stroke={1.6} />}
            title={debounced ? t('brandAdmin.noMatchTitle') : t('brandAdmin.emptyTitle')}
            description={debounced ? t('brandAdmin.noMatch') : t('brandAdmin.empty')}
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover aria-label={t('brandAdmin.tableLabel')} aria-busy={brands.isPending}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('brandAdmin.columns.brand')}</Table.Th>
                  <Table.Th>{t('brandAdmin.columns.slug')}</Table.Th>
                  <Table.Th>{t('brandAdmin.columns.status')}</Table.Th>
                  <Table.Th ta="right">{t('brandAdmin.columns.users')}</Table.Th>
                  <Table.Th>{t('brandAdmin.columns.created')}</Table.Th>
                  <Table.Th ta="right">{t('brandAdmin.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data
                  ? Array.from({ length: 6 }, (_, i) => (
                      <Table.Tr key={i}>
                        {Array.from({ length: 6 }, (__, j) => (
                          <Table.Td key={j}>
                            <Skeleton height={j === 0 ? 30 : 14} width={j === 0 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : data.items.map((brand) => (
                      <BrandRow key={brand.id} brand={brand} onEdit={() => setMode({ kind: 'edit', brand })} />
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text size="sm" c="dimmed">
              {t('brandAdmin.range', {
                from: formatNumber(from),
                to: formatNumber(to),
                total: formatNumber(data.total),
              })}
            </Text>
            {pages > 1 && <PagePagination total={pages} value={data.page} onChange={setPage} />}
          </Group>
        )}
      </Paper>
      <BrandFormModal mode={mode} onClose={() => setMode(null)} />
    </Container>
  );
}

function BrandRow({ brand, onEdit }: { brand: Brand; onEdit: () => void }) {
  const { t } = useTranslation();
  const status = useBrandStatus();
  const active = brand.status === 'ACTIVE';

  const onStatus = async () => {
    const ok = await confirm({
      title: active ? t('brandAdmin.deactivateConfirmTitle') : t('brandAdmin.activateConfirmTitle'),
      message: active
        ? t('brandAdmin.deactivateConfirm', { name: brand.name })
        : t('brandAdmin.activateConfirm', { name: brand.name }),
      confirmLabel: active ? t('brandAdmin.deactivate') : t('brandAdmin.activate'),
      cancelLabel: t('common.cancel'),
      danger: active,
    });
    if (!ok) return;
    status.mutate(
      { id: brand.id, status: active ? 'INACTIVE' : 'ACTIVE' },
      {
        onSuccess: () =>
          notifySuccess(
            active ? t('brandAdmin.deactivatedTitle') : t('brandAdmin.activatedTitle'),
            active
              ? t('brandAdmin.deactivated', { name: brand.name })
              : t('brandAdmin.activated', { name: brand.name }),
          ),
        onError: (e) => notifyError(e),
      },
    );
  };

  return (
    <Table.Tr data-testid={`brand-row-${brand.id}`}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={brand.logo_uri ?? brand.image_uri ?? undefined} alt="" radius="sm" size={32} color="vault">
            {brand.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text size="sm" fw={500} truncate>
            {brand.name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" c="dimmed">
          {brand.slug}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={active ? 'teal' : 'gray'} variant="light">
          {active ? t('brandAdmin.status.active') : t('brandAdmin.status.inactive')}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatNumber(brand.users_count)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDate(brand.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {brand.abilities.update && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={t('brandAdmin.editNamed', { name: brand.name })}
            >
              {t('brandAdmin.edit')}
            </Button>
          )}
          {brand.abilities.change_status && (
            <Button
              size="compact-sm"
              variant={active ? 'default' : 'light'}
              leftSection={active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
              loading={status.isPending}
              onClick={() => void onStatus()}
            >
              {active ? t('brandAdmin.deactivate') : t('brandAdmin.activate')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
