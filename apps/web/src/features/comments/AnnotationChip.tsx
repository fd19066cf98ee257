import { UnstyledButton } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import type { Annotation, Comment } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { timeCode } from './markup';
import { useReview } from './review';
import classes from './Comments.module.css';

/** What a comment points at; a button that shows the marker, or plays from the time code. */
export function AnnotationChip({ comment, label }: { comment: Comment; label?: string }) {
  const { t } = useTranslation();
  const review = useReview();
  const a = comment.annotation as Annotation;
  if (a.kind === 'time') {
    const time = timeCode(a.t);
    return (
      <UnstyledButton
        className={classes.chip}
        aria-label={t('comments.seek', { time })}
        disabled={!review || (review.mode !== 'video' && review.mode !== 'audio')}
        onClick={() => {
          review?.seek(a.t);
          review?.select(comment.id);
        }}
      >
        <IconClock size={12} aria-hidden /> {time}
      </UnstyledButton>
    );
  }
  const shape = a.kind === 'point' ? t('comments.shapePoint') : t('comments.shapeRect');
  return (
    <UnstyledButton
      className={classes.chip}
      aria-label={t('comments.showAnnotation', { shape })}
      disabled={!review || review.mode === 'none'}
      onClick={() => {
        review?.setHidden(false);
        review?.select(comment.id);
      }}
    >
      <IconMapPin size={12} aria-hidden /> {label ? `${shape} ${label}` : shape}
      {a.page && a.page > 1 ? ` · ${t('comments.page', { number: a.page })}` : ''}
    </UnstyledButton>
  );
}
