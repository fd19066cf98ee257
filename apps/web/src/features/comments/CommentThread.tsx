import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CommentThread as Thread } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { useReview } from './review';
import { formatRelative } from './time';
import classes from './Comments.module.css';

interface ThreadProps {
  assetId: number;
  thread: Thread;
  number: number;
  canWrite: boolean;
  currentVersion: number | null;
}

/** One thread: its first comment, whether it is resolved, its replies and a reply box on demand. */
export function CommentThread({ assetId, thread, number, canWrite, currentVersion }: ThreadProps) {
  const { t } = useTranslation();
  const review = useReview();
  const [replying, setReplying] = useState(false);
  const resolved = thread.resolved_at !== null;
  return (
    <div
      className={classes.thread}
      data-resolved={resolved || undefined}
      onMouseEnter={() => review?.setHovered(thread.id)}
      onMouseLeave={() => review?.setHovered(null)}
    >
      <CommentItem
        assetId={assetId}
        comment={thread}
        thread={thread}
        number={number}
        canWrite={canWrite}
        currentVersion={currentVersion}
        onReply={() => setReplying(true)}
      />
      {resolved && (
        <Text size="xs" c="teal" className={classes.resolvedNote}>
          <IconCheck size={12} aria-hidden />{' '}
          {thread.resolved_by
            ? t('comments.resolvedBy', { name: thread.resolved_by.name, time: formatRelative(thread.resolved_at!) })
            : t('comments.resolved')}
        </Text>
      )}
      {thread.replies.length > 0 && (
        <ol className={classes.replies} aria-label={t('comments.replies', { count: thread.replies.length })}>
          {thread.replies.map((r) => (
            <li key={r.id}>
              <CommentItem
                assetId={assetId}
                comment={r}
                thread={thread}
                canWrite={canWrite}
                currentVersion={currentVersion}
                onReply={() => setReplying(true)}
              />
            </li>
          ))}
        </ol>
      )}
      {replying && (
        <div className={classes.replies}>
          <CommentComposer
            assetId={assetId}
            currentVersion={currentVersion}
            parentId={thread.id}
            autoFocus
            onDone={() => setReplying(false)}
          />
        </div>
      )}
    </div>
  );
}
