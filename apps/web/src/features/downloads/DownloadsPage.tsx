import { useEffect } from 'react';
import { Container, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DOWNLOAD_EXPIRY_HOURS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { useDownloads } from './api';
import { DownloadRow } from './DownloadRow';

/** "My downloads": the caller's zips and PDFs, newest first, with their state and the file while ready. */
export default function DownloadsPage() {
  const { t } = useTranslation();
  usePageTitle(t('downloads.title'));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const list = useDownloads(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;
  const setPage = (p: number, replace = false) => setParams(p > 1 ? { page: String(p) } : {}, { replace });
  // Past the last page (the list shrank as downloads expired): the last page instead.
  const overshoot = Boolean(data && data.total > 0 && data.items.length === 0 && page > pages);
  useEffect(() => {
    if (overshoot) setPage(pages, true);
  }, [overshoot, pages]); // eslint-disable-line react-hooks/exhaustive-deps -- setParams changes every render.

  let body;
  if (list.isError && !data) body = <PageError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!data)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Paper key={i} withBorder radius="md" p="md">
            <Group wrap="nowrap" gap="md">
              <Skeleton height={40} width={40} radius="md" />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={14} width="50%" />
                <Skeleton height={10} width="70%" />
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  else if (data.total === 0)
    body = (
      <EmptyBlock
        icon={<IconDownload size={28} stroke={1.6} />}
        title={t('downloads.emptyTitle')}
        description={t('downloads.empty')}
      />
    );
  else
    body = (
      <Stack gap="sm">
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('downloads.title')}>
          {data.items.map((d) => (
            <li key={d.id}>
              <DownloadRow download={d} />
            </li>
          ))}
        </Stack>
        {pages > 1 && (
          <Group justify="center" mt="sm">
            <PagePagination total={pages} value={Math.min(page, pages)} onChange={(p) => setPage(p)} />
          </Group>
        )}
      </Stack>
    );

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader
        title={t('downloads.title')}
        description={t('downloads.subtitle', { hours: DOWNLOAD_EXPIRY_HOURS })}
      />
      {body}
    </Container>
  );
}
