import { ActionIcon, Button, Group, Skeleton, Stack, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconCloudUpload, IconFolderPlus, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { Folder } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { PrivateBadge } from '../../ui/PrivateBadge';
import { BrandToolsMenu } from './BrandToolsMenu';
import { CrumbTrail } from '../folders/CrumbTrail';
import { FolderTreeDrawer } from '../folders/FolderTreeDrawer';
import { ShortcutButton } from '../shortcuts/ShortcutButton';

interface Props {
  brandName: string;
  /** The open folder; undefined while it loads. */
  data: Folder | undefined;
  isRoot: boolean;
  /** The folder tree, shown in a drawer on narrow screens. */
  treeBody: ReactNode;
  /** Offered when the side panel is folded away: opens it again. */
  onShowTree: (() => void) | null;
  onNewFolder: () => void;
  onUpload: () => void;
}

/** The open folder's trail and name, and what the user may do there (shortcut, new folder, upload). */
export function FolderHeading({ brandName, data, isRoot, treeBody, onShowTree, onNewFolder, onUpload }: Props) {
  const { t } = useTranslation();
  const abilities = data?.abilities;
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
        <FolderTreeDrawer>{treeBody}</FolderTreeDrawer>
        {onShowTree && (
          <Tooltip label={t('folders.showTree')}>
            <ActionIcon
              variant="default"
              visibleFrom="sm"
              aria-label={t('folders.showTree')}
              onClick={onShowTree}
              data-tour="sidebar-toggle"
            >
              <IconLayoutSidebarLeftExpand size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {/* At the brand's top folder the header above names the brand. */}
        {!isRoot && (
          <Stack gap={4} miw={0}>
            {data ? (
              <CrumbTrail crumbs={data.breadcrumbs} brandName={brandName} />
            ) : (
              <Skeleton height={14} width={220} />
            )}
            <Group gap="xs" wrap="nowrap">
              <Title order={1} fz={24} fw={600} lineClamp={1}>
                {data ? data.name : <Skeleton height={28} width={200} component="span" display="inline-block" />}
              </Title>
              {data?.visibility === 'PRIVATE' && <PrivateBadge size="sm" />}
            </Group>
          </Stack>
        )}
      </Group>
      <Group gap="sm" data-tour="searcher-buttons">
        {data && <ShortcutButton kind="folder" id={data.id} label={data.is_root ? brandName : data.name} />}
        {data?.is_root && <BrandToolsMenu />}
        {abilities?.create_folder && (
          <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={onNewFolder}>
            {t('folders.new')}
          </Button>
        )}
        {abilities?.upload && (
          <Button leftSection={<IconCloudUpload size={16} />} onClick={onUpload}>
            {t('upload.open')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
