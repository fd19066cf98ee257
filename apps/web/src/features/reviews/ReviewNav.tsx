import { ActionIcon, Badge, Indicator, Tooltip } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCan } from '../../state/access';
import { useReviewCount } from './api';

/** Whether the menu offers the review queue (reviewers only), and how many uploads await them. */
export function useReviewNav() {
  const visible = useCan().permission('asset.approve');
  const count = useReviewCount(visible).data?.pending ?? 0;
  return { visible, count, to: '/brand/review' };
}

/** The count as the badge and indicator show it: past 99 the exact number stops mattering. */
const shown = (count: number) => (count > 99 ? '99+' : String(count));

/** The menu entry's count, hidden at zero. */
export function ReviewCountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" circle={count < 10} color="red" aria-label={label} data-testid="review-count">
      {shown(count)}
    </Badge>
  );
}

/**
 * The navbar's way to the review queue, an icon beside the bell with the count on it: a text
 * entry in the menu did not fit beside an administrator's other entries at laptop widths.
 */
export function ReviewNavButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { visible, count, to } = useReviewNav();
  if (!visible) return null;
  const label = count > 0 ? `${t('reviews.title')} (${t('reviews.menuCount', { count })})` : t('reviews.title');
  return (
    <Tooltip label={t('reviews.title')} withArrow>
      <Indicator
        label={<span data-testid="review-count">{shown(count)}</span>}
        disabled={count === 0}
        size={16}
        offset={6}
        color="red"
        zIndex={1}
      >
        <ActionIcon
          component={Link}
          to={to}
          variant={pathname === to ? 'light' : 'subtle'}
          color={pathname === to ? undefined : 'gray'}
          size="lg"
          aria-label={label}
          aria-current={pathname === to ? 'page' : undefined}
        >
          <IconClipboardCheck size={20} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
