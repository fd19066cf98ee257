import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconHistory, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import type { SyncRun, SyncSource } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { isRunActive, useSyncRoots, useSyncRuns, useSyncSource } from './api';
import { RUN_STATUS_COLORS, countsSummary, runDuration, scheduleLabel } from './labels';
import { RunState } from './RunState';
import { SourceFormModal } from './SourceFormModal';
import { destination } from './SyncPage';
import { useSourceActions } from './useSourceActions';

/** One sync source (/asset/sync/:id): what it mirrors where, its state, and its runs, newest first. */
export default function SyncSourcePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const source = useSyncSource(id);
  usePageTitle(source.data?.source.name ?? t('sync.title'));
  let body;
  if (source.isError) body = <PageError error={source.error} onRetry={() => void source.refetch()} />;
  else if (!source.data) body = <Skeleton height={220} radius="md" mt="md" aria-label={t('common.loading')} />;
  else body = <SourceBody source={source.data.source} />;
  return (
    <Container size="xl" py="xl">
      <BackLink to="/asset/sync" label={t('sync.title')} />
      {body}
    </Container>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        {label}
      </Group>
    </Anchor>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Stack>
  );
}

function SourceBody({ source }: { source: SyncSource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const roots = useSyncRoots();
  const actions = useSourceActions(() => setEditing(true), { onDeleted: () => void navigate('/asset/sync') });
  const action = (key: string) => actions.find((a) => a.key === key)!;
  const [run, edit, remove] = [action('run'), action('edit'), action('delete')];
  const active = isRunActive(source.last_run);
  return (
    <Stack gap="lg" mt="sm">
      <PageHeader
        title={source.name}
        description={destination(source)}
        actions={
          <Group gap="sm">
            {!run.hidden?.(source) && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                disabled={active}
                loading={run.loading?.(source)}
                onClick={() => run.onClick(source)}
              >
                {t('sync.runNow')}
              </Button>
            )}
            {!edit.hidden?.(source) && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => edit.onClick(source)}>
                {t('sync.edit')}
              </Button>
            )}
            {!remove.hidden?.(source) && (
              <Button variant="subtle" color="red" onClick={() => remove.onClick(source)}>
                {t('sync.delete')}
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md">
          <Fact label={t('sync.columns.path')}>
            <Code style={{ wordBreak: 'break-all' }}>{source.path}</Code>
          </Fact>
          <Fact label={t('sync.columns.schedule')}>
            {scheduleLabel(t, source)}
            {!source.enabled && (
              <Badge ml={6} size="xs" variant="light" color="gray">
                {t('sync.state.disabled')}
              </Badge>
            )}
          </Fact>
          <Fact label={t('sync.columns.state')}>
            <RunState run={source.last_run} enabled={source.enabled} />
          </Fact>
          <Fact label={t('sync.columns.assets')}>
            {formatNumber(source.asset_count)}
            {source.next_run_at && (
              <Text size="xs" c="dimmed">
                {t('sync.nextRun', { when: formatRelativeTime(source.next_run_at) })}
              </Text>
            )}
          </Fact>
        </SimpleGrid>
      </Paper>
      <RunsTable source={source} />
      <SourceFormModal
        mode={editing ? { kind: 'edit', source } : null}
        roots={roots.data?.roots ?? []}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
}

function RunsTable({ source }: { source: SyncSource }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const runs = useSyncRuns(source.id, page, isRunActive(source.last_run));
  const data = runs.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;
  let body;
  if (runs.isError && !data)
    body = (
      <Box p="md">
        <PageError error={runs.error} onRetry={() => void runs.refetch()} />
      </Box>
    );
  else if (data && data.items.length === 0)
    body = (
      <EmptyBlock
        framed={false}
        icon={<IconHistory size={28} stroke={1.6} />}
        title={t('sync.detail.noRuns')}
        description={t('sync.detail.noRunsHint')}
      />
    );
  else
    body = (
      <Table verticalSpacing="sm" aria-label={t('sync.detail.runsLabel', { name: source.name })} aria-busy={!data}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sync.detail.started')}</Table.Th>
            <Table.Th>{t('sync.detail.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('sync.detail.counts')}</Table.Th>
            <Table.Th visibleFrom="md">{t('sync.detail.duration')}</Table.Th>
            <Table.Th ta="right">
              <Text span inherit visibleFrom="sm">
                {t('sync.detail.report')}
              </Text>
              <VisuallyHidden hiddenFrom="sm">{t('sync.detail.report')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!data
            ? Array.from({ length: 4 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={5}>
                    <Skeleton height={18} />
                  </Table.Td>
                </Table.Tr>
              ))
            : data.items.map((r) => <RunRow key={r.id} run={r} sourceId={source.id} />)}
        </Table.Tbody>
      </Table>
    );
  return (
    <Paper withBorder>
      <Title order={2} fz="md" p="md" pb={0}>
        {t('sync.detail.runsTitle')}
      </Title>
      {body}
      {pages > 1 && (
        <Group justify="flex-end" p="md">
          <PagePagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(p) => setParams((prev) => (prev.set('page', String(p)), prev))}
          />
        </Group>
      )}
    </Paper>
  );
}

function RunRow({ run, sourceId }: { run: SyncRun; sourceId: number }) {
  const { t } = useTranslation();
  const when = run.started_at ?? run.queued_at;
  const summary = run.status === 'failed' ? (run.error ?? '') : countsSummary(t, run);
  const by = run.started_by ? run.started_by.name : t(`sync.trigger.${run.trigger}`);
  return (
    <Table.Tr data-testid={`sync-run-${run.id}`}>
      <Table.Td>
        <Text size="sm">{formatDateTime(when)}</Text>
        <Text size="xs" c="dimmed">
          {run.started_by ? t('sync.detail.by', { trigger: t(`sync.trigger.${run.trigger}`), name: by }) : by}
        </Text>
      </Table.Td>
      <Table.Td>
        {isRunActive(run) ? (
          <RunState run={run} />
        ) : (
          <Badge size="sm" variant="light" color={RUN_STATUS_COLORS[run.status]} miw="max-content">
            {t(`sync.status.${run.status}`)}
          </Badge>
        )}
        <Text
          size="xs"
          c={run.status === 'failed' ? 'red' : 'dimmed'}
          hiddenFrom="sm"
          style={{ wordBreak: 'break-word' }}
        >
          {isRunActive(run) ? '' : summary}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c={run.status === 'failed' ? 'red' : undefined} style={{ wordBreak: 'break-word' }}>
          {isRunActive(run) ? '' : summary}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{runDuration(run)}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Anchor
          component={Link}
          to={`/asset/sync/${sourceId}/runs/${run.id}`}
          size="sm"
          aria-label={t('sync.detail.reportOf', { when: formatDateTime(when) })}
        >
          {t('sync.detail.report')}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}
