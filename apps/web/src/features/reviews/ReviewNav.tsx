import { Badge } from '@mantine/core';
import { useCan } from '../../state/access';
import { useReviewCount } from './api';

/** Whether the menu offers the review queue (reviewers only), and how many uploads await them. */
export function useReviewNav() {
  const visible = useCan().permission('asset.approve');
  const count = useReviewCount(visible).data?.pending ?? 0;
  return { visible, count, to: '/brand/review' };
}

/** The menu entry's count, hidden at zero; past 99 the exact number stops mattering. */
export function ReviewCountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" circle={count < 10} color="red" aria-label={label} data-testid="review-count">
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
