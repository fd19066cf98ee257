import type { ReactNode } from 'react';
import { Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReviewItem } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/format';
import { TypeIcon } from '../../ui/TypeIcon';
import classes from './Reviews.module.css';

interface Props {
  item: ReviewItem;
  /** The queue's selection: a checkbox on the card when given. */
  selected?: boolean;
  onSelect?: (on: boolean) => void;
  actions?: ReactNode;
}

/** One upload in review: its thumbnail, who uploaded it where and when, and the reason if rejected. */
export function ReviewCard({ item, selected, onSelect, actions }: Props) {
  const { t } = useTranslation();
  const a = item.asset;
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`review-${a.id}`} className={classes.card}>
      <Card.Section className={classes.thumb}>
        {a.thumbnail_url ? <img src={a.thumbnail_url} alt="" loading="lazy" /> : <TypeIcon type={a.type} size={48} />}
        {onSelect && (
          <Checkbox
            className={classes.check}
            checked={!!selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t('reviews.selectNamed', { name: a.name })}
          />
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text component={Link} to={`/brand/asset/${a.id}`} fw={500} size="sm" truncate title={a.name}>
          {a.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {t('reviews.uploadedBy', {
            name: item.uploader?.name ?? t('notifications.someone'),
            date: formatDateTime(a.created_at),
          })}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {t('reviews.inFolder', { brand: item.brand.name, folder: item.folder.name })}
        </Text>
        {item.state === 'rejected' ? (
          <Stack gap={2}>
            <Badge color="red" variant="light" size="sm">
              {t('reviews.state.rejected')}
            </Badge>
            <Text size="sm" data-testid={`reason-${a.id}`}>
              {t('reviews.reasonShown', { reason: item.reason ?? '' })}
            </Text>
          </Stack>
        ) : (
          <Badge color="yellow" variant="light" size="sm">
            {t('reviews.state.pending')}
          </Badge>
        )}
        {actions && (
          <Group gap="xs" mt={4} wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
