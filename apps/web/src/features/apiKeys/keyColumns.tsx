import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import type { ColumnDef } from '../../ui/adminTable';
import { formatDate, formatRelativeTime } from '../../i18n/format';

const STATE_COLORS: Record<ApiKey['state'], string> = { active: 'teal', expired: 'gray', revoked: 'red' };

export function KeyState({ k, t }: { k: ApiKey; t: TFunction }) {
  return (
    <Badge variant="light" color={STATE_COLORS[k.state]}>
      {t(`apiKeys.states.${k.state}`)}
    </Badge>
  );
}

/** A key's columns: name and last 4 (with its state), scopes, created, last used and expiry. */
export function keyColumns<T extends ApiKey>(t: TFunction): ColumnDef<T>[] {
  return [
    {
      key: 'name',
      header: t('apiKeys.columns.name'),
      cell: (k) => (
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500}>
              {k.name}
            </Text>
            <KeyState k={k} t={t} />
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {t('apiKeys.last4', { last4: k.last4 })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'scopes',
      header: t('apiKeys.columns.scopes'),
      visibleFrom: 'sm',
      cell: (k) => (
        <Group gap={4}>
          {k.scopes.map((s) => (
            <Badge key={s} variant="outline" color="gray" tt="none" ff="monospace" size="sm">
              {s}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'created', header: t('apiKeys.columns.created'), visibleFrom: 'md', cell: (k) => formatDate(k.created_at) },
    {
      key: 'lastUsed',
      header: t('apiKeys.columns.lastUsed'),
      visibleFrom: 'md',
      cell: (k) => (k.last_used_at ? formatRelativeTime(k.last_used_at) : t('apiKeys.neverUsed')),
    },
    {
      key: 'expires',
      header: t('apiKeys.columns.expires'),
      cell: (k) => (k.expires_at ? formatDate(k.expires_at) : t('apiKeys.noExpiry')),
    },
  ];
}
