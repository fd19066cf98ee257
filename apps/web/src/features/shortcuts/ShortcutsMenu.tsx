import { useState } from 'react';
import { ActionIcon, Group, Popover, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBookmarks, IconFolder, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { shortableKind } from '@brandvault/contract';
import type { Shortcut } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { useDeleteShortcut, useShortcuts } from './api';
import { useShortcutDialog } from './shortcutDialogStore';
import { useOpenShortcut } from './useOpenShortcut';
import classes from './ShortcutsMenu.module.css';

const callOf = (s: Shortcut) => ({ kind: shortableKind(s.shortable_type) ?? 'folder', id: s.shortable_id });

/** The navbar's Shortcuts popup (spec §2): only when the user has shortcuts; open, edit, delete. */
export function ShortcutsMenu() {
  const { t } = useTranslation();
  const shortcuts = useShortcuts();
  const [opened, setOpened] = useState(false);
  const open = useOpenShortcut();
  const remove = useDeleteShortcut();
  if (shortcuts.length === 0) return null;

  const edit = (s: Shortcut) => {
    setOpened(false);
    useShortcutDialog.setState({ target: { ...callOf(s), label: s.name, name: s.name } });
  };
  const del = (s: Shortcut) =>
    remove.mutate(callOf(s), {
      onSuccess: () => notifySuccess(t('shortcuts.deletedTitle'), t('shortcuts.deleted', { name: s.name }), 'assets'),
      // Spec §8: only logged.
      onError: (error) => console.error('Shortcut delete failed', error),
    });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md">
      <Popover.Target>
        <Tooltip label={t('shortcuts.title')} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('shortcuts.title')}
            aria-haspopup="dialog"
            aria-expanded={opened}
            data-testid="shortcuts-menu"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBookmarks size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px={8} py={4}>
          {t('shortcuts.title')}
        </Text>
        <Stack gap={2} component="ul" className={classes.list} aria-label={t('shortcuts.title')}>
          {shortcuts.map((s) => (
            <Group key={s.id} component="li" gap={2} wrap="nowrap" className={classes.row}>
              <UnstyledButton
                className={classes.open}
                onClick={() => {
                  setOpened(false);
                  open(s);
                }}
                aria-label={t('shortcuts.open', { name: s.name })}
              >
                {shortableKind(s.shortable_type) === 'asset' ? (
                  <IconPhoto size={16} stroke={1.6} aria-hidden />
                ) : (
                  <IconFolder size={16} stroke={1.6} aria-hidden />
                )}
                <span className={classes.text}>
                  <Text size="sm" truncate>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {s.brand.name}
                  </Text>
                </span>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('shortcuts.edit', { name: s.name })}
                onClick={() => edit(s)}
              >
                <IconPencil size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('shortcuts.delete', { name: s.name })}
                onClick={() => del(s)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
