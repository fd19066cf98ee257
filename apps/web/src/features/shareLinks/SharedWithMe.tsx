import { Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLock, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useSharedWithMe } from './api';
import classes from './Shared.module.css';

/** Collections other people shared with the caller by name: where a recipient finds them in the app. */
export function SharedWithMe() {
  const { t } = useTranslation();
  const list = useSharedWithMe();
  if (list.isPending)
    return (
      <Stack gap="sm" mt="xl" aria-busy>
        <Skeleton h={24} w={200} />
        <Skeleton h={64} radius="md" />
      </Stack>
    );
  // Nothing shared, or the list failed: the section stays out of the way of one's own collections.
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="shared-with-me" className={classes.sharedWithMe}>
      <Title order={2} size="h4" id="shared-with-me" mb="sm">
        {t('share.withMe')}
      </Title>
      <Stack gap="xs">
        {items.map((s) => (
          <Paper key={s.id} withBorder radius="md" p="sm" component={Link} to={s.path} className={classes.sharedItem}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconShare size={18} className={classes.sharedIcon} aria-hidden />
              <Stack gap={2} className={classes.tileText}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={500} truncate="end">
                    {s.collection_name}
                  </Text>
                  {s.has_password && (
                    <Tooltip label={t('share.hasPassword')}>
                      <IconLock size={14} aria-label={t('share.hasPassword')} />
                    </Tooltip>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('share.sharedBy', { name: s.shared_by, date: formatDate(s.created_at) })}
                  {' · '}
                  {s.expires_at
                    ? t('share.availableUntil', { date: formatDateTime(s.expires_at) })
                    : t('share.neverExpires')}
                </Text>
                {s.message && (
                  <Text size="sm" lineClamp={2} className={classes.messageInline}>
                    {s.message}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
