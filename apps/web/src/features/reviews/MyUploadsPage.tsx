import { Container, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { useMyReviews } from './api';
import { ReviewCard } from './ReviewCard';

/** "My uploads awaiting review": the caller's uploads still in review, and rejected ones with the reason. */
export default function MyUploadsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reviews.mineTitle'));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const list = useMyReviews(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;

  let body;
  if (list.isError && !data) body = <PageError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!data)
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={240} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (data.total === 0)
    body = (
      <EmptyBlock
        icon={<IconCloudUpload size={28} stroke={1.6} />}
        title={t('reviews.mineEmptyTitle')}
        description={t('reviews.mineEmpty')}
      />
    );
  else
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-label={t('reviews.mineTitle')}>
          {data.items.map((item) => (
            <ReviewCard key={item.asset.id} item={item} />
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="center" mt="sm">
            <PagePagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
            />
          </Group>
        )}
      </Stack>
    );

  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader title={t('reviews.mineTitle')} description={t('reviews.mineSubtitle')} />
      {body}
    </Container>
  );
}
