import { useId, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Comment, CommentThread } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDateTime } from '../../i18n/format';
import { AnnotationChip } from './AnnotationChip';
import { COMMENT_TOAST as TOAST, useDeleteComment, useResolveComment } from './api';
import { CommentBody } from './CommentBody';
import { CommentEditForm } from './CommentEditForm';
import { useReview } from './review';
import { formatRelative } from './time';
import classes from './Comments.module.css';

interface ItemProps {
  assetId: number;
  comment: Comment;
  thread: CommentThread;
  /** A thread's number (its markers'); absent for replies. */
  number?: number;
  canWrite: boolean;
  currentVersion: number | null;
  onReply: () => void;
}

/** One comment (a thread's first or a reply): who and when, what it points at, and its actions. */
export function CommentItem({ assetId, comment, thread, number, canWrite, currentVersion, onReply }: ItemProps) {
  const { t } = useTranslation();
  const review = useReview();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteComment(assetId);
  const resolve = useResolveComment(assetId);
  const headId = useId();
  const isThread = comment.id === thread.id;
  const resolved = thread.resolved_at !== null;
  const lit =
    review !== null &&
    (review.active === comment.id || (isThread && review.hovered === thread.id) || review.hovered === comment.id);
  const a = comment.abilities;
  const author = comment.author?.name ?? t('comments.formerUser');

  const onDelete = async () => {
    const ok = await confirm({
      title: t('comments.deleteTitle'),
      message: isThread && thread.replies.length > 0 ? t('comments.deleteThreadConfirm') : t('comments.deleteConfirm'),
      confirmLabel: t('comments.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(comment.id, {
      onSuccess: () => {
        if (review?.active === comment.id) review.select(null);
        notifySuccess(t('comments.deletedTitle'), t('comments.deleted'), TOAST);
      },
      onError: (e) => notifyError(e, TOAST),
    });
  };
  const onResolve = () =>
    resolve.mutate(
      { id: thread.id, resolved: !resolved },
      {
        onSuccess: () =>
          resolved
            ? notifySuccess(t('comments.reopenedTitle'), t('comments.reopened'), TOAST)
            : notifySuccess(t('comments.resolvedTitle'), t('comments.resolvedToast'), TOAST),
        onError: (e) => notifyError(e, TOAST),
      },
    );

  return (
    <article
      id={`comment-${comment.id}`}
      className={`${classes.comment} ${lit ? classes.highlighted : ''}`}
      data-highlighted={lit || undefined}
      aria-current={lit || undefined}
      aria-labelledby={headId}
      onMouseEnter={() => !isThread && comment.annotation && review?.setHovered(comment.id)}
      onMouseLeave={() => !isThread && comment.annotation && review?.setHovered(thread.id)}
    >
      <Group gap={6} wrap="wrap" className={classes.head}>
        {number !== undefined && (
          <span className={classes.number} aria-hidden>
            {number}
          </span>
        )}
        <Text size="sm" fw={600} id={headId} className={classes.author}>
          {author}
        </Text>
        <Tooltip label={formatDateTime(comment.created_at)} zIndex={1300}>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.created_at}>
            {formatRelative(comment.created_at)}
          </Text>
        </Tooltip>
        {comment.edited_at && (
          <Text size="xs" c="dimmed" title={formatDateTime(comment.edited_at)}>
            · {t('comments.edited')}
          </Text>
        )}
        {currentVersion !== null && comment.version !== currentVersion && (
          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
            {t('comments.onVersion', { number: comment.version })}
          </Badge>
        )}
      </Group>
      {comment.annotation && (
        <AnnotationChip comment={comment} label={number !== undefined ? `${number}` : undefined} />
      )}
      {editing ? (
        <CommentEditForm assetId={assetId} comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <CommentBody body={comment.body} />
      )}
      {!editing && (
        <Group gap={2} className={classes.actions}>
          {isThread && canWrite && a.reply && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onReply}>
              {t('comments.reply')}
            </Button>
          )}
          {isThread && canWrite && a.resolve && (
            <Button
              size="compact-xs"
              variant="subtle"
              color={resolved ? 'gray' : 'teal'}
              loading={resolve.isPending}
              onClick={onResolve}
            >
              {resolved ? t('comments.reopen') : t('comments.resolve')}
            </Button>
          )}
          {a.edit && (
            <Tooltip label={t('comments.edit')} zIndex={1300}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t('comments.edit')}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {a.remove && (
            <Tooltip label={t('comments.delete')} zIndex={1300}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t('comments.delete')}
                loading={remove.isPending}
                onClick={() => void onDelete()}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </article>
  );
}
