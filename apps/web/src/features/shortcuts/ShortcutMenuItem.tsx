import { Menu } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import type { ShortableKind } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { shortcutTo, useShortcuts } from './api';
import { openShortcutDialog } from './shortcutDialogStore';

/** "Add shortcut" in an asset or folder menu; "Edit shortcut" when the user has one to it. */
export function ShortcutMenuItem({ kind, id, label }: { kind: ShortableKind; id: number; label: string }) {
  const { t } = useTranslation();
  const existing = shortcutTo(useShortcuts(), kind, id);
  return (
    <Menu.Item leftSection={<IconBookmark size={14} />} onClick={() => openShortcutDialog(kind, id, label)}>
      {existing ? t('shortcuts.editItem') : t('shortcuts.addItem')}
    </Menu.Item>
  );
}
