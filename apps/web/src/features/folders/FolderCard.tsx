import { useState } from 'react';
import { ActionIcon, Checkbox, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsMove,
  IconDots,
  IconDownload,
  IconFolder,
  IconFolders,
  IconPencil,
  IconTrash,
  IconForms,
} from '@tabler/icons-react';
import type { FolderCard as FolderCardData, FolderChild } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../i18n/format';
import { useCan } from '../../state/access';
import { PrivateBadge } from '../../ui/PrivateBadge';
import { DownloadDialog } from '../downloads/DownloadDialog';
import { BulkEditDialog } from '../metadataBulk/BulkEditDialog';
import { useFolderSelection } from './folderSelection';
import { ShortcutMenuItem } from '../shortcuts/ShortcutMenuItem';
import classes from './Folders.module.css';

interface Props {
  /**
   * Carries the caller's abilities on it, as the server decided them; a subfolder as the folder
   * view lists it also carries its asset count and mosaic.
   */
  folder: FolderCardData | FolderChild;
  onRename: (f: FolderCardData) => void;
  onMove: (f: FolderCardData) => void;
  onRemove: (f: FolderCardData) => void;
  /** Offered when the caller keeps collections (§4: a folder can be converted to a collection). */
  onToCollection?: (f: FolderCardData) => void;
}

/** The folder's own picture, else a 2×2 mosaic of its latest thumbnails, else a folder icon. */
function Cover({ folder }: { folder: FolderCardData | FolderChild }) {
  const mosaic = 'mosaic' in folder ? folder.mosaic : [];
  if (folder.image_uri)
    return (
      <div className={classes.cover} data-kind="image">
        <img src={folder.image_uri} alt="" loading="lazy" />
      </div>
    );
  if (mosaic.length)
    return (
      <div className={classes.cover} data-kind="mosaic" data-tiles={mosaic.length}>
        {mosaic.map((url, i) => (
          <img key={`${i}:${url}`} src={url} alt="" loading="lazy" />
        ))}
      </div>
    );
  return (
    <div className={classes.cover} data-kind="empty">
      <IconFolder size={36} stroke={1.3} />
    </div>
  );
}

export function FolderCard({ folder, onRename, onMove, onRemove, onToCollection }: Props) {
  const { t } = useTranslation();
  const abilities = folder.abilities;
  const manage = abilities.update || abilities.move || abilities.remove || !!onToCollection;
  const can = useCan();
  const canDownload = can.permission('asset.download');
  const canEdit = can.permission('asset.update');
  const [downloading, setDownloading] = useState(false);
  const [editing, setEditing] = useState(false);
  const selection = useFolderSelection();
  const selected = selection?.selected(folder.id) ?? false;
  return (
    <div
      className={classes.card}
      data-testid={`folder-card-${folder.id}`}
      data-selected={selected || undefined}
      data-tour="folder-card"
    >
      <Link to={`/brand?folder=${folder.id}`} className={classes.cardLink}>
        <Cover folder={folder} />
        {/* On the picture, so the footer keeps its room for the count on a phone's narrow cards. */}
        {folder.visibility === 'PRIVATE' && (
          <span className={classes.coverBadge}>
            <PrivateBadge />
          </span>
        )}
        <span className={classes.cardName}>
          <IconFolder size={16} stroke={1.6} className={classes.cardIcon} aria-hidden />
          <Tooltip label={folder.name} openDelay={400}>
            <Text size="sm" fw={500} truncate style={{ flex: 1 }}>
              {folder.name}
            </Text>
          </Tooltip>
        </span>
      </Link>
      <div className={classes.cardFooter}>
        {selection && (
          <Checkbox
            size="xs"
            checked={selected}
            onChange={() => selection.toggle(folder)}
            aria-label={t('search.select', { name: folder.name })}
          />
        )}
        <Text size="xs" c="dimmed" data-testid="folder-count" style={{ flex: 1 }} truncate>
          {'asset_count' in folder &&
            t('assets.count', { count: folder.asset_count, formatted: formatNumber(folder.asset_count) })}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('folders.actions', { name: folder.name })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <ShortcutMenuItem kind="folder" id={folder.id} label={folder.name} />
            {canDownload && (
              <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => setDownloading(true)}>
                {t('downloads.folderAction')}
              </Menu.Item>
            )}
            {canEdit && (
              <Menu.Item leftSection={<IconForms size={14} />} onClick={() => setEditing(true)}>
                {t('metadataBulk.action')}
              </Menu.Item>
            )}
            {manage && <Menu.Divider />}
            {abilities.update && (
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onRename(folder)}>
                {t('folders.rename')}
              </Menu.Item>
            )}
            {abilities.move && (
              <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => onMove(folder)}>
                {t('folders.move')}
              </Menu.Item>
            )}
            {onToCollection && (
              <Menu.Item leftSection={<IconFolders size={14} />} onClick={() => onToCollection(folder)}>
                {t('collections.convertFolder')}
              </Menu.Item>
            )}
            {abilities.remove && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onRemove(folder)}>
                {t('folders.remove')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </div>
      {canDownload && (
        <DownloadDialog opened={downloading} assetIds={[]} folders={[folder]} onClose={() => setDownloading(false)} />
      )}
      {canEdit && (
        <BulkEditDialog
          opened={editing}
          brandId={folder.brand_id}
          target={{ folder: { id: folder.id, recursive: true } }}
          summary={t('metadataBulk.summary.folder', { name: folder.name })}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
