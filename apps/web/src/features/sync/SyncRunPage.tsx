import type { MouseEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Chip,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconListSearch } from '@tabler/icons-react';
import { SYNC_OUTCOMES } from '@brandvault/contract';
import type { SyncOutcome, SyncRun, SyncRunItem } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useFollowBrand } from '../assetManager/useManagerActions';
import { isRunActive, useSyncRun, useSyncRunItems, useSyncSource } from './api';
import { OUTCOME_COLORS, RUN_STATUS_COLORS, countsSummary, runDuration } from './labels';
import { RunState } from './RunState';
import { BackLink } from './SyncSourcePage';

const isOutcome = (v: string | null): v is SyncOutcome => (SYNC_OUTCOMES as readonly string[]).includes(v ?? '');

/**
 * One run's report (/asset/sync/:id/runs/:runId): each path that was new, updated, moved, removed,
 * skipped or failed, and why, filtered by outcome in the URL.
 */
export default function SyncRunPage() {
  const { t } = useTranslation();
  const params = useParams();
  const sourceId = Number(params.id);
  const runId = Number(params.runId);
  const source = useSyncSource(sourceId);
  const run = useSyncRun(runId);
  const name = source.data?.source.name;
  usePageTitle(name ? t('sync.report.titleOf', { name }) : t('sync.report.title'));
  let body;
  if (run.isError) body = <PageError error={run.error} onRetry={() => void run.refetch()} />;
  else if (!run.data) body = <Skeleton height={220} radius="md" mt="md" aria-label={t('common.loading')} />;
  else body = <RunBody run={run.data.run} brandId={source.data?.source.brand.id} />;
  return (
    <Container size="xl" py="xl">
      <BackLink to={`/asset/sync/${sourceId}`} label={name ?? t('sync.title')} />
      {body}
    </Container>
  );
}

function RunBody({ run, brandId }: { run: SyncRun; brandId: number | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('outcome');
  const outcome = isOutcome(raw) ? raw : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const items = useSyncRunItems(run.id, outcome, page);
  const data = items.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;
  const when = run.started_at ?? run.queued_at;
  const by = run.started_by
    ? t('sync.detail.by', { trigger: t(`sync.trigger.${run.trigger}`), name: run.started_by.name })
    : t(`sync.trigger.${run.trigger}`);
  const duration = runDuration(run);
  const setOutcome = (v: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v === 'all') next.delete('outcome');
        else next.set('outcome', v);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" mt="sm">
      <PageHeader
        title={t('sync.report.title')}
        description={[formatDateTime(when), by, duration && t('sync.report.took', { duration })]
          .filter(Boolean)
          .join(' · ')}
        actions={
          isRunActive(run) ? (
            <RunState run={run} />
          ) : (
            <Badge size="lg" variant="light" color={RUN_STATUS_COLORS[run.status]} data-testid="sync-run-status">
              {t(`sync.status.${run.status}`)}
            </Badge>
          )
        }
      />
      {run.status === 'failed' && run.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('sync.report.failedTitle')} role="alert">
          {run.error}
        </Alert>
      )}
      {run.status === 'done' && (
        <Text size="sm" c="dimmed">
          {t('sync.report.seen', { count: run.counts.seen, formatted: formatNumber(run.counts.seen) })}{' '}
          {countsSummary(t, run)}
        </Text>
      )}
      <Chip.Group multiple={false} value={outcome ?? 'all'} onChange={setOutcome}>
        <Group gap="xs" role="radiogroup" aria-label={t('sync.report.filter')}>
          <Chip value="all" size="sm" variant="outline">
            {t('sync.report.all')}
          </Chip>
          {SYNC_OUTCOMES.map((o) => (
            <Chip key={o} value={o} size="sm" variant="outline" color={OUTCOME_COLORS[o]}>
              {t(`sync.outcome.${o}`)} · {formatNumber(run.counts[o])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Paper withBorder>
        {items.isError && !data ? (
          <Box p="md">
            <PageError error={items.error} onRetry={() => void items.refetch()} />
          </Box>
        ) : data && data.items.length === 0 ? (
          <EmptyBlock
            framed={false}
            icon={<IconListSearch size={28} stroke={1.6} />}
            title={t('sync.report.emptyTitle')}
            description={outcome ? t('sync.report.emptyOutcome') : t('sync.report.empty')}
          />
        ) : (
          <Table
            verticalSpacing="sm"
            aria-label={t('sync.report.tableLabel')}
            aria-busy={!data || items.isPlaceholderData}
            style={{ tableLayout: 'fixed', width: '100%' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={{ base: 96, sm: 120 }}>{t('sync.report.outcome')}</Table.Th>
                <Table.Th>{t('sync.report.path')}</Table.Th>
                <Table.Th w={{ base: 44, sm: 130 }} ta="right">
                  <Text span inherit visibleFrom="sm">
                    {t('sync.report.asset')}
                  </Text>
                  <VisuallyHidden hiddenFrom="sm">{t('sync.report.asset')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: items.isPlaceholderData ? 0.6 : 1 }}>
              {!data
                ? Array.from({ length: 6 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={3}>
                        <Skeleton height={18} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : data.items.map((item, i) => <ItemRow key={`${item.path}-${i}`} item={item} brandId={brandId} />)}
            </Table.Tbody>
          </Table>
        )}
        {data && pages > 1 && (
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed">
              {t('sync.report.total', { count: data.total, formatted: formatNumber(data.total) })}
            </Text>
            <PagePagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(p) =>
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('page', String(p));
                  return next;
                })
              }
            />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

function ItemRow({ item, brandId }: { item: SyncRunItem; brandId: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follow = useFollowBrand();
  const open = (e: MouseEvent) => {
    if (brandId === undefined || e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    follow({ brand: { id: brandId } });
    void navigate(`/brand/asset/${item.asset_id}`);
  };
  return (
    <Table.Tr data-testid="sync-item" data-outcome={item.outcome}>
      <Table.Td>
        <Badge size="sm" variant="light" color={OUTCOME_COLORS[item.outcome]} miw="max-content">
          {t(`sync.outcome.${item.outcome}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {item.path}
        </Text>
        {item.from_path && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('sync.report.from', { path: item.from_path })}
          </Text>
        )}
        {item.reason && (
          <Text size="xs" c={item.outcome === 'failed' ? 'red' : 'dimmed'}>
            {t(`sync.reason.${item.reason}`)}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {item.asset_id !== null && (
          <Anchor
            component={Link}
            to={`/brand/asset/${item.asset_id}`}
            onClick={open}
            size="sm"
            aria-label={t('sync.report.openAssetOf', { path: item.path })}
          >
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <IconExternalLink size={14} />
              <Text span inherit visibleFrom="sm">
                {t('sync.report.openAsset')}
              </Text>
            </Group>
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
