import { useEffect } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconEye, IconEyeOff, IconMessageCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';
import { useCan } from '../../state/access';
import { useComments } from './api';
import { CommentComposer } from './CommentComposer';
import { CommentThread } from './CommentThread';
import { useReview } from './review';
import classes from './Comments.module.css';

interface PanelProps {
  assetId: number;
  /** The asset's current version: comments about another one say so. */
  currentVersion: number | null;
}

/**
 * An asset's comments: the threads oldest first with their replies, whether the review is done,
 * and (for those who may write) a composer with mentions, people to notify and annotations.
 */
export function CommentsPanel({ assetId, currentVersion }: PanelProps) {
  const { t } = useTranslation();
  const review = useReview();
  const list = useComments(assetId);
  const can = useCan();
  const canWrite = can.permission('comment.create') && !!list.data?.can_comment;
  const active = review?.active ?? null;
  const loaded = !!list.data;

  // A picked marker or a notification's link brings its comment into view.
  useEffect(() => {
    if (active === null || !loaded) return;
    document.getElementById(`comment-${active}`)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [active, loaded]);

  if (list.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('comments.loading')} className={classes.panel}>
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="90%" />
            <Skeleton height={10} width="70%" />
          </Stack>
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    const { title, message } = errorTexts(list.error, currentLang());
    return (
      <Alert color="red" variant="light" title={title} className={classes.panel}>
        <Text size="sm" mb="xs">
          {message}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void list.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  const { items: threads, open_threads: open } = list.data;
  const annotated = threads.some((th) => th.annotation || th.replies.some((r) => r.annotation));
  return (
    <Stack gap="md" className={classes.panel}>
      {threads.length > 0 && (
        <Group justify="space-between" gap="xs" wrap="wrap">
          {open > 0 ? (
            <Text size="sm" fw={600} role="status">
              {t('comments.openThreads', { count: open })}
            </Text>
          ) : (
            <Group gap={6} role="status">
              <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
              <Text size="sm" fw={600} c="teal">
                {t('comments.reviewDone')}
              </Text>
            </Group>
          )}
          {review && review.mode !== 'none' && annotated && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              aria-pressed={review.hidden}
              leftSection={review.hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
              onClick={() => review.setHidden(!review.hidden)}
            >
              {review.hidden ? t('comments.showMarkers') : t('comments.hideMarkers')}
            </Button>
          )}
        </Group>
      )}
      {threads.length === 0 ? (
        <Stack align="center" gap={4} py="lg" className={classes.empty}>
          <IconMessageCircle size={28} stroke={1.5} aria-hidden />
          <Text size="sm" fw={600}>
            {t('comments.emptyTitle')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {canWrite ? t('comments.emptyWrite') : t('comments.emptyRead')}
          </Text>
        </Stack>
      ) : (
        <ol className={classes.threads} aria-label={t('comments.threads')}>
          {threads.map((th, i) => (
            <li key={th.id}>
              <CommentThread
                assetId={assetId}
                thread={th}
                number={i + 1}
                canWrite={canWrite}
                currentVersion={currentVersion}
              />
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <CommentComposer assetId={assetId} currentVersion={currentVersion} />
      ) : (
        <Text size="xs" c="dimmed">
          {t('comments.readOnly')}
        </Text>
      )}
    </Stack>
  );
}
