import { useState } from 'react';
import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { TemplateImport } from '@brandvault/contract';
import { IMPORT_EXPIRY_DAYS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useCan } from '../../state/access';
import { useImports } from './api';
import { STATE_COLORS } from './labels';
import { UploadTemplateDialog } from './UploadTemplateDialog';

/** "Template imports": the caller's uploaded templates, newest first, and the way to upload one. */
export default function ImportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports.imports.title'));
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useImports(page);
  const [uploading, setUploading] = useState<'assets' | 'users' | null>(null);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;
  const actions = (
    <Group gap="sm">
      {can.permission('asset.update') && (
        <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading('assets')}>
          {t('reports.imports.uploadAssets')}
        </Button>
      )}
      {can.permission('user.update') && (
        <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setUploading('users')}>
          {t('reports.imports.uploadUsers')}
        </Button>
      )}
    </Group>
  );
  let body;
  if (list.isError && !data) body = <PageError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!data)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={64} radius="md" />
        ))}
      </Stack>
    );
  else if (data.total === 0)
    body = (
      <EmptyBlock
        icon={<IconFileSpreadsheet size={28} stroke={1.6} />}
        title={t('reports.imports.emptyTitle')}
        description={t('reports.imports.empty', { days: IMPORT_EXPIRY_DAYS })}
      />
    );
  else
    body = (
      <Stack gap="sm">
        {data.items.map((i) => (
          <ImportCard key={i.id} item={i} />
        ))}
        {pages > 1 && (
          <PagePagination value={page} total={pages} onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
        )}
      </Stack>
    );
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('reports.imports.title')} description={t('reports.imports.subtitle')} actions={actions} />
      {body}
      {uploading && <UploadTemplateDialog kind={uploading} opened onClose={() => setUploading(null)} />}
    </Container>
  );
}

function ImportCard({ item }: { item: TemplateImport }) {
  const { t } = useTranslation();
  const c = item.counts;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component={Link}
      to={`/reports/imports/${item.id}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
      data-testid={`import-${item.id}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[t(`reports.kind.${item.kind}`), item.brand?.name, formatDateTime(item.created_at)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {c && (
            <Text size="xs" c="dimmed">
              {t('reports.imports.counts', {
                change: formatNumber(c.change),
                refused: formatNumber(c.refused),
                unchanged: formatNumber(c.unchanged),
              })}
            </Text>
          )}
        </Stack>
        <Badge color={STATE_COLORS[item.state]} variant="light" style={{ flexShrink: 0 }}>
          {t(`reports.state.${item.state}`)}
        </Badge>
      </Group>
    </Paper>
  );
}
