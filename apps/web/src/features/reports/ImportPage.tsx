import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { RowOutcome, TemplateImport } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useImport, useImportRows } from './api';
import { ImportActions } from './ImportActions';
import { ImportRowsTable } from './ImportRowsTable';
import { STATE_COLORS } from './labels';

const FILTERS = ['all', 'change', 'refused', 'unchanged'] as const;

/** One template import: its preview (counts and rows), then applying it and its result. */
export default function ImportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const imp = useImport(id);
  usePageTitle(imp.data?.name ?? t('reports.imports.title'));
  const back = (
    <Anchor component={Link} to="/reports/imports" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('reports.imports.title')}
      </Group>
    </Anchor>
  );
  let body;
  if (imp.isError) body = <PageError error={imp.error} onRetry={() => void imp.refetch()} />;
  else if (!imp.data) body = <Skeleton height={160} radius="md" aria-label={t('common.loading')} />;
  else body = <ImportBody item={imp.data} />;
  return (
    <Container size="lg" py="xl">
      {back}
      {body}
    </Container>
  );
}

function Stat({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} truncate>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={700} c={color}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

function ImportBody({ item }: { item: TemplateImport }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const shown = item.counts !== null && item.state !== 'expired';
  const rows = useImportRows(item.id, filter === 'all' ? null : (filter as RowOutcome), page, shown);
  const applied = item.result;
  const pages = rows.data ? Math.max(1, Math.ceil(rows.data.total / rows.data.per_page)) : 1;
  return (
    <Stack gap="lg" mt="sm">
      <PageHeader
        title={item.name}
        description={[t(`reports.kind.${item.kind}`), item.brand?.name, formatDateTime(item.created_at)]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <Badge size="lg" variant="light" color={STATE_COLORS[item.state]} data-testid="import-state">
            {t(`reports.state.${item.state}`)}
          </Badge>
        }
      />
      {(item.state === 'previewing' || item.state === 'applying') && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{t(`reports.preview.${item.state}`)}</Text>
        </Group>
      )}
      {item.state === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('reports.preview.failedTitle')} role="alert">
          {item.error}
        </Alert>
      )}
      {item.state === 'expired' && <Text c="dimmed">{t('reports.preview.expired')}</Text>}
      {item.counts && (
        <SimpleGrid cols={3} spacing="sm">
          {applied ? (
            <>
              <Stat label={t('reports.result.applied')} value={applied.applied} color="green" testId="count-applied" />
              <Stat label={t('reports.result.refused')} value={applied.refused} color="red" testId="count-refused" />
              <Stat
                label={t('reports.result.unchanged')}
                value={applied.unchanged}
                color="dimmed"
                testId="count-unchanged"
              />
            </>
          ) : (
            <>
              <Stat label={t('reports.outcome.change')} value={item.counts.change} color="blue" testId="count-change" />
              <Stat
                label={t('reports.outcome.refused')}
                value={item.counts.refused}
                color="red"
                testId="count-refused"
              />
              <Stat
                label={t('reports.outcome.unchanged')}
                value={item.counts.unchanged}
                color="dimmed"
                testId="count-unchanged"
              />
            </>
          )}
        </SimpleGrid>
      )}
      <ImportActions item={item} />
      {shown && (
        <Stack gap="sm">
          <SegmentedControl
            value={filter}
            onChange={(v) => {
              setFilter(v as (typeof FILTERS)[number]);
              setPage(1);
            }}
            data={FILTERS.map((f) => ({ value: f, label: t(`reports.filter.${f}`) }))}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          />
          {rows.isError && <PageError error={rows.error} onRetry={() => void rows.refetch()} />}
          {!rows.data && !rows.isError && <Skeleton height={200} radius="md" />}
          {rows.data && rows.data.total === 0 && (
            <Text size="sm" c="dimmed">
              {t('reports.preview.noRows')}
            </Text>
          )}
          {rows.data && rows.data.total > 0 && <ImportRowsTable kind={item.kind} rows={rows.data.items} />}
          {pages > 1 && <PagePagination value={page} total={pages} onChange={setPage} />}
        </Stack>
      )}
    </Stack>
  );
}
