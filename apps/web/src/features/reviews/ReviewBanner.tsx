import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import type { ReviewEvent } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useApprove, useAssetReview } from './api';
import { RejectDialog } from './RejectDialog';

/**
 * On the asset page: "Awaiting review" or "Rejected: <reason>" while the asset is in review, with
 * Approve and Reject for reviewers. Nothing once approved.
 */
export function ReviewBanner({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const review = useAssetReview(assetId).data;
  const approve = useApprove();
  const [rejecting, setRejecting] = useState(false);
  if (!review || review.state === 'approved') return null;
  const pending = review.state === 'pending';
  return (
    <Alert
      color={pending ? 'yellow' : 'red'}
      icon={pending ? <IconClock size={18} /> : <IconX size={18} />}
      title={pending ? t('reviews.bannerPending') : t('reviews.bannerRejected', { reason: review.reason ?? '' })}
      mb="lg"
      data-testid="review-banner"
    >
      <Stack gap="xs">
        <Text size="sm">{pending ? t('reviews.bannerPendingHelp') : t('reviews.bannerRejectedHelp')}</Text>
        {review.can_review && (
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconCheck size={14} />}
              loading={approve.isPending}
              onClick={() =>
                approve.mutate([assetId], {
                  onSuccess: () =>
                    notifySuccess(t('reviews.approvedTitle'), t('reviews.approved', { count: 1 }), 'assets'),
                  onError: (e) => notifyError(e, 'assets'),
                })
              }
            >
              {t('reviews.approve')}
            </Button>
            {pending && (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconX size={14} />}
                onClick={() => setRejecting(true)}
              >
                {t('reviews.reject')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <RejectDialog ids={rejecting ? [assetId] : []} onClose={() => setRejecting(false)} />
    </Alert>
  );
}

const ICON = { pending: IconClock, approved: IconCheck, rejected: IconX } as const;

/** The asset's review history (submitted, approved, rejected), newest first; nothing if it never was in review. */
export function ReviewHistory({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const history = useAssetReview(assetId).data?.history ?? [];
  if (history.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="asset-review-history">
      <Title order={2} fz="md" id="asset-review-history" mb="sm">
        {t('reviews.historyTitle')}
      </Title>
      <Timeline bulletSize={22} lineWidth={2}>
        {history.map((e) => (
          <Timeline.Item
            key={e.id}
            bullet={<HistoryIcon state={e.state} />}
            // The panel's size, not the timeline's heading size, which outshouted the card's title.
            title={
              <Text size="sm" fw={500}>
                {historyLine(t, e)}
              </Text>
            }
          >
            {e.reason && (
              <Text size="sm" c="dimmed">
                {e.reason}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(e.created_at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

function HistoryIcon({ state }: { state: ReviewEvent['state'] }) {
  const Icon = ICON[state];
  return <Icon size={12} />;
}

const historyLine = (t: (k: string, o?: Record<string, unknown>) => string, e: ReviewEvent) =>
  t(`reviews.history.${e.state}`, { name: e.actor?.name ?? t('notifications.someone'), version: e.version ?? 1 });
