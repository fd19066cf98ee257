import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import type { ShortableKind } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { shortcutTo, useShortcuts } from './api';
import { openShortcutDialog } from './shortcutDialogStore';

interface Props {
  kind: ShortableKind;
  id: number;
  label: string;
  /** `icon`: a bare icon with a tooltip (tree rows, the viewer's toolbar). */
  variant?: 'button' | 'icon';
  /** The icon's colour on dark backgrounds (the viewer). */
  color?: string;
}

/** Adds a shortcut to this asset or folder, or edits the user's existing one. */
export function ShortcutButton({ kind, id, label, variant = 'button', color = 'gray' }: Props) {
  const { t } = useTranslation();
  const existing = shortcutTo(useShortcuts(), kind, id);
  const text = existing ? t('shortcuts.editItem') : t('shortcuts.addItem');
  const Icon = existing ? IconBookmarkFilled : IconBookmark;
  const open = () => openShortcutDialog(kind, id, label);
  if (variant === 'icon')
    return (
      <Tooltip label={text} withinPortal={false}>
        <ActionIcon variant="subtle" color={color} aria-label={text} onClick={open} data-testid="shortcut-button">
          <Icon size={16} />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Button variant="default" leftSection={<Icon size={16} />} onClick={open} data-testid="shortcut-button">
      {text}
    </Button>
  );
}
