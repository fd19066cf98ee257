import { Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import type { AdminUser } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import type { ColumnDef } from '../../ui/adminTable';
import { formatDate, formatDateTime, formatRelativeTime } from '../../i18n/format';
import { UserStatusBadge } from './UserStatusBadge';
import classes from './Users.module.css';

export const userName = (user: AdminUser) => `${user.first_name} ${user.last_name}`.trim();

/** The users table's columns; a phone keeps the person, the status and the actions. */
export function userColumns(t: TFunction): ColumnDef<AdminUser>[] {
  return [
    {
      key: 'user',
      header: t('users.columns.user'),
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={user.photo_thumb_uri ?? user.photo_uri ?? undefined}
            alt=""
            radius="xl"
            size={32}
            color="vault"
            visibleFrom="xs"
          >
            <IconUser size={16} />
          </Avatar>
          <div className={classes.person}>
            <Text size="sm" fw={500} className={classes.line}>
              {userName(user)}
            </Text>
            <Text size="xs" c="dimmed" className={classes.line}>
              {user.email}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'company',
      header: t('users.columns.company'),
      visibleFrom: 'md',
      cell: (user) => (
        <>
          <Text size="sm">{user.company ?? '—'}</Text>
          {user.position && (
            <Text size="xs" c="dimmed">
              {user.position}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'roles',
      header: t('users.columns.roles'),
      visibleFrom: 'md',
      cell: (user) => (
        <Group gap={4}>
          {user.roles.map((r) => (
            // Mixed case and whole: "ADMINISTRAT…" said less than "Administrator".
            <Badge
              key={r.name}
              size="sm"
              variant="outline"
              color="gray"
              tt="none"
              styles={{ label: { overflow: 'visible' } }}
            >
              {t(`roles.${r.name}`, { defaultValue: r.name })}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'brands',
      header: t('users.columns.brands'),
      visibleFrom: 'lg',
      cell: (user) =>
        user.brands.length ? (
          <Text size="sm" lineClamp={2}>
            {user.brands.map((b) => b.name).join(', ')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('users.columns.status'),
      cell: (user) => (
        <Group gap={6} className={classes.badges}>
          <UserStatusBadge user={user} />
          {user.locked_until && (
            <Tooltip label={t('users.lockedUntil', { time: formatDateTime(user.locked_until) })}>
              <Badge size="sm" variant="light" color="orange" leftSection={<IconLock size={12} />}>
                {t('users.locked')}
              </Badge>
            </Tooltip>
          )}
          {!user.verified_at && (
            <Badge size="sm" variant="dot" color="gray" visibleFrom="xs">
              {t('users.unverified')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'lastLogin',
      header: t('users.columns.lastLogin'),
      visibleFrom: 'md',
      cell: (user) => (
        <Tooltip label={formatDateTime(user.last_login_at)} disabled={!user.last_login_at} withArrow>
          <Text size="sm" c="dimmed" data-testid={`last-login-${user.id}`}>
            {user.last_login_at ? formatRelativeTime(user.last_login_at) : t('users.neverSignedIn')}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'created',
      header: t('users.columns.created'),
      visibleFrom: 'lg',
      cell: (user) => (
        <Text size="sm" c="dimmed">
          {formatDate(user.created_at)}
        </Text>
      ),
    },
  ];
}
