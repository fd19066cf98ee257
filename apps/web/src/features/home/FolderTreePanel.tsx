import { ActionIcon, Group, NavLink, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconLayoutSidebarLeftCollapse, IconTrash } from '@tabler/icons-react';
import type { FolderNode } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../state/access';
import { FolderTree } from '../folders/FolderTree';
import classes from './BrandHome.module.css';

interface TreeProps {
  root: FolderNode | undefined;
  currentId: number | undefined;
  failed: boolean;
  brandName: string;
}

/** The brand's folders with the Trash under them; a skeleton while they load. */
export function FolderTreeBody({ root, currentId, failed, brandName }: TreeProps) {
  const { t } = useTranslation();
  const can = useCan();
  if (root && currentId !== undefined)
    return (
      <>
        <FolderTree root={root} currentId={currentId} rootLabel={brandName} />
        {can.permission('asset.delete') && (
          <NavLink
            component={Link}
            to="/brand/trash"
            label={t('trash.treeLink')}
            leftSection={<IconTrash size={16} stroke={1.6} />}
            mt="xs"
            className={classes.trashLink}
          />
        )}
      </>
    );
  if (failed)
    return (
      <Text size="sm" c="dimmed">
        {t('folders.treeError')}
      </Text>
    );
  return (
    <Stack gap={8} aria-busy="true">
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} height={18} width={`${85 - (i % 3) * 15}%`} ml={(i % 3) * 14} />
      ))}
    </Stack>
  );
}

/** The tree's side panel on wide screens, which the user may fold away. */
export function FolderTreeAside({ children, onHide }: { children: ReactNode; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="aside"
      className={classes.aside}
      withBorder
      visibleFrom="sm"
      aria-label={t('folders.treeTitle')}
      data-tour="left-sidebar"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('folders.treeTitle')}
        </Text>
        <Tooltip label={t('folders.hideTree')}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('folders.hideTree')} onClick={onHide}>
            <IconLayoutSidebarLeftCollapse size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {children}
    </Paper>
  );
}
