import { Avatar, Badge, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import type { AdminUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../i18n/format';
import { UserActions } from './UserActions';
import { UserStatusBadge } from './UserStatusBadge';

interface Props {
  users: AdminUser[] | undefined;
  loading: boolean;
  canManage: boolean;
  skeletonRows?: number;
}

export function UsersTable({ users, loading, canManage, skeletonRows = 8 }: Props) {
  const { t } = useTranslation();
  const columns = canManage ? 6 : 5;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover striped={false} aria-label={t('users.tableLabel')} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.user')}</Table.Th>
            <Table.Th>{t('users.columns.company')}</Table.Th>
            <Table.Th>{t('users.columns.roles')}</Table.Th>
            <Table.Th>{t('users.columns.status')}</Table.Th>
            <Table.Th>{t('users.columns.created')}</Table.Th>
            {canManage && <Table.Th ta="right">{t('users.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !users
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: columns }, (__, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={j === 0 ? 30 : 14} width={j === 0 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : users?.map((user) => (
                <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={user.photo_uri ?? undefined} alt="" radius="xl" size={32} color="vault">
                        <IconUser size={16} />
                      </Avatar>
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} truncate>
                          {user.first_name} {user.last_name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {user.email}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.company ?? '—'}</Text>
                    {user.position && (
                      <Text size="xs" c="dimmed">
                        {user.position}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {user.roles.map((r) => (
                        <Badge key={r.name} size="sm" variant="outline" color="gray">
                          {t(`roles.${r.name}`, { defaultValue: r.name })}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <UserStatusBadge user={user} />
                      {user.locked_until && (
                        <Tooltip label={t('users.lockedUntil', { time: formatDateTime(user.locked_until) })}>
                          <Badge size="sm" variant="light" color="orange" leftSection={<IconLock size={12} />}>
                            {t('users.locked')}
                          </Badge>
                        </Tooltip>
                      )}
                      {!user.verified_at && (
                        <Badge size="sm" variant="dot" color="gray">
                          {t('users.unverified')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDate(user.created_at)}
                    </Text>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <UserActions user={user} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
