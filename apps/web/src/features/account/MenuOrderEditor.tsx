import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { DEFAULT_MENU } from '@brandvault/contract';
import type { MenuItem, MenuValue, SessionUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { MENU_ICONS } from '../../ui/menuIcons';
import { notifyUpdateError, useUpdateProfile } from './api';
import { useDragOrder } from './useDragOrder';
import classes from './Profile.module.css';

function savedOrder(user: SessionUser): MenuValue[] {
  const saved = [...user.user_settings.menu].sort((a, b) => a.order - b.order).map((m) => m.value);
  const values = saved.filter((v, i) => saved.indexOf(v) === i);
  for (const d of DEFAULT_MENU) if (!values.includes(d.value)) values.push(d.value);
  return values;
}

/** Stored labels stay the contract's English defaults; the navbar translates by value. */
function toSettings(values: MenuValue[]): MenuItem[] {
  return values.map((value, i) => ({
    order: i + 1,
    value,
    label: DEFAULT_MENU.find((d) => d.value === value)?.label ?? value,
  }));
}

/** The navbar's entries in the user's order: drag a handle (mouse, touch, arrow keys) or use the arrows. */
export function MenuOrderEditor({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const initial = savedOrder(user);
  const [order, setOrder] = useState<MenuValue[]>(initial);
  const dirty = order.join() !== initial.join();
  const [announced, setAnnounced] = useState('');
  const drag = useDragOrder(order, setOrder, (value, to) =>
    setAnnounced(t('profile.movedTo', { item: t(`menu.${value}`), position: to + 1 })),
  );

  const move = (index: number, delta: number) => {
    const next = [...order];
    const target = index + delta;
    const a = next[index];
    const b = next[target];
    if (a === undefined || b === undefined) return;
    next[index] = b;
    next[target] = a;
    setOrder(next);
  };

  const save = () =>
    update.mutate(
      { menu_settings: toSettings(order) },
      {
        onSuccess: () => notifySuccess(t('profile.menuSavedTitle'), t('profile.menuSaved')),
        onError: notifyUpdateError,
      },
    );

  return (
    <Card component="section" aria-labelledby="profile-menu-order">
      <Title order={2} fz="md" id="profile-menu-order">
        {t('profile.menuTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.menuSubtitle')}
      </Text>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {order.map((value, i) => {
          const label = t(`menu.${value}`);
          return (
            <Paper
              key={value}
              component="li"
              withBorder
              px="sm"
              py={6}
              bg="gray.0"
              className={classes.row}
              {...drag.rowProps(value)}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    className={classes.handle}
                    aria-label={t('profile.dragHandle', { item: label })}
                    {...drag.handleProps(value)}
                  >
                    <IconGripVertical size={16} />
                  </ActionIcon>
                  <Text size="xs" c="dimmed" w={14}>
                    {i + 1}
                  </Text>
                  {MENU_ICONS[value]}
                  <Text size="sm">{label}</Text>
                </Group>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('profile.moveUp', { item: label })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={i === order.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('profile.moveDown', { item: label })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <VisuallyHidden aria-live="polite">{announced}</VisuallyHidden>
      <Group justify="space-between" mt="md">
        <Button variant="subtle" color="gray" onClick={() => setOrder(DEFAULT_MENU.map((d) => d.value))}>
          {t('profile.menuReset')}
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={!dirty}>
          {t('profile.menuSave')}
        </Button>
      </Group>
    </Card>
  );
}
