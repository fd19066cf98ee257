import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconClipboardCheck, IconX } from '@tabler/icons-react';
import type { FolderNode, ReviewQueueQuery } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { PagePagination } from '../../ui/PagePagination';
import { usePageTitle } from '../../ui/usePageTitle';
import { useFolderTree } from '../folders/api';
import { REVIEWS_PER_PAGE, useApprove, useReviewQueue } from './api';
import { RejectDialog } from './RejectDialog';
import { ReviewCard } from './ReviewCard';

const AGES = [1, 3, 7, 30] as const;
const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Folders of the tree as options, indented by depth. */
function folderOptions(root: FolderNode | undefined): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (n: FolderNode, depth: number) => {
    out.push({ value: String(n.id), label: `${'  '.repeat(depth)}${n.name}` });
    for (const c of n.children) walk(c, depth + 1);
  };
  if (root) walk(root, 0);
  return out;
}

/** The review queue (issue 40 §3): the selected brand's uploads awaiting review, to approve or reject. */
export default function ReviewPage() {
  const { t } = useTranslation();
  usePageTitle(t('reviews.title'));
  const brand = useSession((s) => s.selectedBrand);
  const [params, setParams] = useSearchParams();
  const state = params.get('state') === 'rejected' ? 'rejected' : 'pending';
  const page = positive(params.get('page')) ?? 1;
  const folder = positive(params.get('folder'));
  const uploader = positive(params.get('uploader'));
  const age = positive(params.get('age'));
  const query: ReviewQueueQuery = {
    brand_id: brand?.id ?? 0,
    state,
    page,
    per_page: REVIEWS_PER_PAGE,
    ...(folder ? { folder_id: folder } : {}),
    ...(uploader ? { uploader_id: uploader } : {}),
    ...(age ? { older_than_days: age } : {}),
  };
  const queue = useReviewQueue(query, !!brand);
  const tree = useFolderTree(brand?.id);
  const folders = useMemo(() => folderOptions(tree.data?.root), [tree.data]);
  const approve = useApprove();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rejecting, setRejecting] = useState<number[]>([]);

  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
    setSelected(new Set());
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
    setSelected(new Set());
  };

  const data = queue.data;
  const items = data?.items ?? [];
  const pageIds = items.map((i) => i.asset.id);
  const chosen = pageIds.filter((id) => selected.has(id));
  const all = pageIds.length > 0 && chosen.length === pageIds.length;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;

  const onApprove = (ids: number[]) =>
    approve.mutate(ids, {
      onSuccess: () => {
        notifySuccess(t('reviews.approvedTitle'), t('reviews.approved', { count: ids.length }), 'assets');
        setSelected(new Set());
      },
      onError: (e) => notifyError(e, 'assets'),
    });

  let body;
  if (!brand)
    body = (
      <EmptyBlock
        icon={<IconClipboardCheck size={28} stroke={1.6} />}
        title={t('reviews.noBrandTitle')}
        description={t('reviews.noBrand')}
      />
    );
  else if (queue.isError && !data) body = <PageError error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (!data)
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (data.total === 0)
    body = (
      <EmptyBlock
        icon={<IconClipboardCheck size={28} stroke={1.6} />}
        title={state === 'pending' ? t('reviews.emptyTitle') : t('reviews.emptyRejectedTitle')}
        description={state === 'pending' ? t('reviews.empty') : t('reviews.emptyRejected')}
      />
    );
  else
    body = (
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Checkbox
              label={t('reviews.selectAll')}
              checked={all}
              indeterminate={chosen.length > 0 && !all}
              onChange={() => setSelected(all ? new Set() : new Set(pageIds))}
            />
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('reviews.selected', { count: chosen.length })}
              </Text>
              <Button
                size="xs"
                leftSection={<IconCheck size={14} />}
                disabled={chosen.length === 0}
                loading={approve.isPending}
                onClick={() => onApprove(chosen)}
              >
                {t('reviews.approveSelected')}
              </Button>
              {state === 'pending' && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconX size={14} />}
                  disabled={chosen.length === 0}
                  onClick={() => setRejecting(chosen)}
                >
                  {t('reviews.rejectSelected')}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-label={t('reviews.queueLabel')}>
          {items.map((item) => (
            <ReviewCard
              key={item.asset.id}
              item={item}
              selected={selected.has(item.asset.id)}
              onSelect={(on) => {
                const next = new Set(selected);
                if (on) next.add(item.asset.id);
                else next.delete(item.asset.id);
                setSelected(next);
              }}
              actions={
                <>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconCheck size={14} />}
                    onClick={() => onApprove([item.asset.id])}
                    aria-label={t('reviews.approveNamed', { name: item.asset.name })}
                  >
                    {t('reviews.approve')}
                  </Button>
                  {item.state === 'pending' && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconX size={14} />}
                      onClick={() => setRejecting([item.asset.id])}
                      aria-label={t('reviews.rejectNamed', { name: item.asset.name })}
                    >
                      {t('reviews.reject')}
                    </Button>
                  )}
                </>
              }
            />
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="center" mt="sm">
            <PagePagination total={pages} value={Math.min(page, pages)} onChange={setPage} />
          </Group>
        )}
      </Stack>
    );

  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader
        title={t('reviews.title')}
        description={brand ? t('reviews.subtitle', { brand: brand.name }) : undefined}
      />
      {brand && (
        <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
          <SegmentedControl
            value={state}
            onChange={(v) => setFilter('state', v === 'rejected' ? 'rejected' : null)}
            data={[
              { value: 'pending', label: t('reviews.state.pending') },
              { value: 'rejected', label: t('reviews.state.rejected') },
            ]}
            aria-label={t('reviews.stateFilter')}
          />
          <Select
            label={t('reviews.folderFilter')}
            placeholder={t('reviews.anyFolder')}
            data={folders}
            value={folder ? String(folder) : null}
            onChange={(v) => setFilter('folder', v)}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('reviews.uploaderFilter')}
            placeholder={t('reviews.anyUploader')}
            data={(data?.uploaders ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={uploader ? String(uploader) : null}
            onChange={(v) => setFilter('uploader', v)}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('reviews.ageFilter')}
            placeholder={t('reviews.anyAge')}
            data={AGES.map((d) => ({ value: String(d), label: t('reviews.olderThan', { count: d }) }))}
            value={age ? String(age) : null}
            onChange={(v) => setFilter('age', v)}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      )}
      {body}
      <RejectDialog ids={rejecting} onClose={() => setRejecting([])} onDone={() => setSelected(new Set())} />
    </Container>
  );
}
