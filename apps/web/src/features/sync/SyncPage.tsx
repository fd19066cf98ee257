import { useState } from 'react';
import { Anchor, Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconFolderCode, IconPlus } from '@tabler/icons-react';
import type { SyncSource } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { ColumnDef, FilterDef } from '../../ui/adminTable';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { useMyBrands } from '../brands/api';
import { useSyncRoots, useSyncSources } from './api';
import type { SyncListQuery } from './api';
import { scheduleLabel } from './labels';
import { RunState } from './RunState';
import { SourceFormModal } from './SourceFormModal';
import type { SourceFormMode } from './SourceFormModal';
import { useSourceActions } from './useSourceActions';

const PER_PAGE = 20;

/**
 * assets.sync (/asset/sync, route guard asset.view): the NAS sync sources of the brands the
 * caller sees, each with its schedule, its run under way or its last run, and what it may do.
 */
export default function SyncPage() {
  const { t } = useTranslation();
  usePageTitle(t('sync.title'));
  const brands = useMyBrands();
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'brand',
      label: t('sync.filters.brand'),
      allLabel: t('sync.filters.allBrands'),
      searchable: true,
      acceptUnlisted: true,
      options: (brands.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    },
  ];
  const table = useTableUrl({ filters, perPage: PER_PAGE, perPageOptions: [PER_PAGE, 50, 100] });
  const { page, perPage, filters: f } = table.state;
  const brandId = Number(f.brand);
  const query: SyncListQuery = {
    page,
    ...(perPage !== PER_PAGE ? { per_page: perPage } : {}),
    ...(Number.isInteger(brandId) && brandId > 0 ? { brand_id: brandId } : {}),
  };
  const list = useSyncSources(query);
  const roots = useSyncRoots();
  const [mode, setMode] = useState<SourceFormMode | null>(null);
  const actions = useSourceActions((source) => setMode({ kind: 'edit', source }), { detail: true });
  const create = () => setMode({ kind: 'create' });
  const createButton = (variant: 'filled' | 'light') =>
    roots.mayCreate ? (
      <Button variant={variant} leftSection={<IconPlus size={16} />} onClick={create}>
        {t('sync.new')}
      </Button>
    ) : undefined;

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('sync.title')} description={t('sync.subtitle')} actions={createButton('filled')} />
      <AdminTable<SyncSource>
        table={table}
        query={list}
        label={t('sync.tableLabel')}
        columns={sourceColumns(t)}
        rowKey={(s) => s.id}
        rowName={(s) => s.name}
        rowProps={(s) => ({ 'data-testid': `sync-row-${s.id}` })}
        actions={actions}
        empty={{
          icon: <IconFolderCode size={28} stroke={1.6} />,
          title: t('sync.emptyTitle'),
          description: t('sync.empty'),
          action: createButton('light'),
        }}
        noMatch={{ title: t('sync.noMatchTitle'), description: t('sync.noMatch') }}
        range={(r) => t('sync.range', r)}
      />
      <SourceFormModal mode={mode} roots={roots.data?.roots ?? []} onClose={() => setMode(null)} />
    </Container>
  );
}

/** "Acme → Photos/Shoots" (the brand's root folder is the brand itself). */
export function destination(s: Pick<SyncSource, 'brand' | 'folder'>): string {
  const path = s.folder.path.replace(/^\/+/, '');
  return path ? `${s.brand.name} → ${path}` : s.brand.name;
}

function sourceColumns(t: TFunction): ColumnDef<SyncSource>[] {
  return [
    {
      key: 'source',
      header: t('sync.columns.source'),
      cell: (s) => (
        <Stack gap={2} maw={{ base: 150, xs: 220, md: 300 }}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={`/asset/sync/${s.id}`} size="sm" fw={500} truncate>
              {s.name}
            </Anchor>
            {!s.enabled && (
              <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                {t('sync.state.disabled')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace" truncate title={s.path}>
            {s.path}
          </Text>
          <Text size="xs" c="dimmed" truncate hiddenFrom="md">
            {destination(s)}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {scheduleLabel(t, s)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'destination',
      header: t('sync.columns.destination'),
      visibleFrom: 'md',
      cell: (s) => (
        <Text size="sm" maw={240} style={{ wordBreak: 'break-word' }}>
          {destination(s)}
        </Text>
      ),
    },
    {
      key: 'schedule',
      header: t('sync.columns.schedule'),
      visibleFrom: 'sm',
      cell: (s) => <Text size="sm">{scheduleLabel(t, s)}</Text>,
    },
    {
      key: 'state',
      header: t('sync.columns.state'),
      cell: (s) => <RunState run={s.last_run} enabled={s.enabled} />,
    },
    {
      key: 'assets',
      header: t('sync.columns.assets'),
      align: 'right',
      visibleFrom: 'lg',
      cell: (s) => <Text size="sm">{formatNumber(s.asset_count)}</Text>,
    },
    {
      key: 'next',
      header: t('sync.columns.next'),
      visibleFrom: 'lg',
      cell: (s) =>
        s.next_run_at ? (
          <Text size="sm" title={formatDateTime(s.next_run_at)}>
            {formatRelativeTime(s.next_run_at)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('sync.noNextRun')}
          </Text>
        ),
    },
  ];
}
