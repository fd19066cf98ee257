import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSavedSearches } from '../savedSearches/api';
import classes from '../shareLinks/Shared.module.css';

/** My Collections' "Smart collections": saved searches shown as collections, whose content follows the query. */
export function SmartCollections() {
  const { t } = useTranslation();
  const list = useSavedSearches({ collections: true });
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="smart-collections" className={classes.sharedWithMe}>
      <Title order={2} size="h4" id="smart-collections" mb="sm">
        {t('savedSearches.smartTitle')}
      </Title>
      {list.isPending ? (
        <Skeleton h={56} radius="md" aria-busy />
      ) : list.isError ? (
        <Text size="sm" c="red">
          {t('savedSearches.loadError')}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('savedSearches.smartEmpty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((s) => (
            <Paper
              key={s.id}
              withBorder
              radius="md"
              p="sm"
              component={Link}
              to={`/collections/own/smart/${s.id}`}
              className={classes.sharedItem}
            >
              <Group gap="sm" wrap="nowrap">
                {/* Neither the icon nor the badge gives way to a long name: the name ends in an ellipsis. */}
                <IconBolt size={18} aria-hidden style={{ flex: 'none' }} />
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500} truncate="end" title={s.name}>
                      {s.name}
                    </Text>
                    <Badge size="xs" variant="light" style={{ flex: 'none' }}>
                      {t('savedSearches.smart')}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end">
                    {s.brand_name}
                    {' · '}
                    {s.mine ? t('savedSearches.yours') : t('savedSearches.by', { name: s.owner.name })}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
