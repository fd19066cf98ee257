import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks, IconRefresh } from '@tabler/icons-react';
import type { Notification } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { notifyError } from '../../lib/notify';
import { formatDateTime, formatRelativeTime } from '../../i18n/format';
import { itemsOf, useMarkAllRead, useNotificationList, useUnreadCount } from './api';
import { badgeCount, kindIcon, notificationExcerpt, notificationSentence } from './labels';
import { useOpenNotification } from './useOpenNotification';
import classes from './Notifications.module.css';

/**
 * The navbar's bell: the unread count on it, and the user's notifications in a popover that is
 * never wider than the screen (phones get it full width, less a margin).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount();
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      // At most 380 px, and never wider than the screen: on a phone it takes the width, less a margin.
      width="clamp(0px, 380px, calc(100vw - 16px))"
      shadow="md"
    >
      <Popover.Target>
        <Tooltip label={t('notifications.title')} disabled={opened} withArrow>
          <Indicator label={badgeCount(unread)} disabled={unread === 0} size={16} offset={6} color="red" zIndex={1}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              aria-haspopup="dialog"
              aria-expanded={opened}
              data-testid="notifications-bell"
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={20} stroke={1.7} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('notifications.title')}>
        {opened && <NotificationPanel unread={unread} onOpenItem={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationPanel({ unread, onOpenItem }: { unread: number; onOpenItem: () => void }) {
  const { t } = useTranslation();
  const list = useNotificationList(true);
  const markAll = useMarkAllRead();
  const items = itemsOf(list.data);

  let body;
  if (list.isPending) {
    body = (
      <Stack gap={0} p={4} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={classes.row}>
            <Skeleton circle height={28} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="85%" />
              <Skeleton height={10} width="55%" />
            </Stack>
          </div>
        ))}
      </Stack>
    );
  } else if (list.isError && items.length === 0) {
    body = (
      <Stack align="center" gap="xs" p="lg">
        <Text size="sm" c="dimmed" ta="center">
          {t('notifications.error')}
        </Text>
        <Button variant="light" size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    body = (
      // The popover has no padding of its own: keep the sentence off its edges.
      <Box px="md">
        <EmptyBlock
          framed={false}
          icon={<IconBellOff size={28} stroke={1.6} />}
          title={t('notifications.emptyTitle')}
          description={t('notifications.empty')}
        />
      </Box>
    );
  } else {
    body = (
      <>
        <ul className={classes.list} aria-label={t('notifications.title')}>
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={onOpenItem} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Group justify="center" pb="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications.loadMore')}
            </Button>
          </Group>
        )}
      </>
    );
  }

  return (
    <>
      <div className={classes.header}>
        <Text fw={600} size="sm">
          {t('notifications.title')}
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconChecks size={14} />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (e) => notifyError(e) })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto">
        {body}
      </ScrollArea.Autosize>
    </>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const open = useOpenNotification();
  const unread = !n.read_at;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      data-testid={`notification-${n.id}`}
      onClick={() => {
        onOpen();
        open(n);
      }}
    >
      <span className={classes.icon}>{kindIcon(n.kind)}</span>
      <span className={classes.body}>
        <Text component="span" size="sm" fw={unread ? 600 : 400} lineClamp={3}>
          {notificationSentence(t, n)}
        </Text>
        {notificationExcerpt(n) && (
          <Text component="span" size="xs" c="dimmed" lineClamp={2}>
            {notificationExcerpt(n)}
          </Text>
        )}
        <Text size="xs" c="dimmed" component="time" dateTime={n.created_at} title={formatDateTime(n.created_at)}>
          {formatRelativeTime(n.created_at)}
        </Text>
      </span>
      {unread && (
        <>
          <span className={classes.dot} aria-hidden />
          <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>
        </>
      )}
    </UnstyledButton>
  );
}
