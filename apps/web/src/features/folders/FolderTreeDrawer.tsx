import type { ReactNode } from 'react';
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * On a phone the folder tree is a drawer from the left, opened by this button (which the tour's
 * folder-tree step stands on there); picking a folder closes it. `always`: at every width (the
 * gallery, which has no tree beside it).
 */
export function FolderTreeDrawer({ children, always = false }: { children: ReactNode; always?: boolean }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={t('folders.showTree')}>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom={always ? undefined : 'sm'}
          aria-label={t('folders.showTree')}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={open}
          data-tour={always ? undefined : 'left-sidebar'}
          data-tour-body={always ? undefined : 'bodyDrawer'}
        >
          <IconFolders size={18} />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={close}
        title={t('folders.treeTitle')}
        size={always ? 'min(85%, 340px)' : '85%'}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {/* A folder link navigates: the drawer has done its job. */}
        <div onClick={(e) => (e.target as Element).closest('a') && close()}>{children}</div>
      </Drawer>
    </>
  );
}
