import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowsMove,
  IconCopy,
  IconDots,
  IconDownload,
  IconExternalLink,
  IconEye,
  IconTrash,
} from '@tabler/icons-react';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShortcutMenuItem } from '../shortcuts/ShortcutMenuItem';
import type { AssetActions } from './useAssetActions';
import classes from './Search.module.css';

/** The ⋯ menu of one card or row; it offers only what the server's abilities allow. */
export function AssetMenu({
  asset,
  actions,
  onPreview,
}: {
  asset: AssetCard;
  actions: AssetActions;
  onPreview?: () => void;
}) {
  const { t } = useTranslation();
  // A closed menu is only its button: a Mantine menu per card (popover, floating position, ids)
  // cost frames while new cards scroll in. The first click mounts the menu already open.
  const [armed, setArmed] = useState(false);
  const a = asset.abilities;
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      className={classes.menuButton}
      aria-label={t('search.actions', { name: asset.name })}
      aria-haspopup="menu"
      data-testid={`asset-menu-${asset.id}`}
      onClick={armed ? undefined : () => setArmed(true)}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
  if (!armed) return button;
  return (
    <Menu position="bottom-end" defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {onPreview && (
          <Menu.Item leftSection={<IconEye size={14} />} onClick={onPreview}>
            {t('search.preview')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={`/brand/asset/${asset.id}`} leftSection={<IconExternalLink size={14} />}>
          {t('search.open')}
        </Menu.Item>
        {asset.status === 'ACTIVE' && <ShortcutMenuItem kind="asset" id={asset.id} label={asset.name} />}
        {a.download && (
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => void actions.download(asset)}>
            {t('search.download')}
          </Menu.Item>
        )}
        {(a.move || a.copy || a.remove) && <Menu.Divider />}
        {a.move && (
          <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => actions.startMove([asset])}>
            {t('search.move')}
          </Menu.Item>
        )}
        {a.copy && (
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => actions.startCopy([asset])}>
            {t('search.copy')}
          </Menu.Item>
        )}
        {a.remove && (
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void actions.remove([asset])}>
            {t('search.remove')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
