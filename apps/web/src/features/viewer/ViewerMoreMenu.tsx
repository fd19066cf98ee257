import { useState } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconExternalLink, IconFolderPlus } from '@tabler/icons-react';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCan } from '../../state/access';
import { AddToCollectionModal } from '../collections/AddToCollectionModal';
import { ShortcutMenuItem } from '../shortcuts/ShortcutMenuItem';
import classes from './Viewer.module.css';

/**
 * "⋯": the viewer's secondary actions (collection, shortcut, the asset's page), so that the
 * toolbar keeps to looking at the file and a phone's header stays on two rows.
 */
export function ViewerMoreMenu({ item, onClose }: { item: AssetCard; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { pathname } = useLocation();
  const [collecting, setCollecting] = useState(false);
  const details = `/brand/asset/${item.id}`;
  const collects = can.permission('collection.view');
  const label = t('viewer.more');
  return (
    <>
      {/* Inside the dialog (no portal), so focus stays in it and the menu sits above it. */}
      <Menu position="bottom-end" withinPortal={false} shadow="md">
        <Menu.Target>
          <Tooltip label={label} withinPortal={false}>
            <ActionIcon className={classes.tool} variant="subtle" size={40} aria-label={label}>
              <IconDots size={20} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          {collects && (
            <Menu.Item leftSection={<IconFolderPlus size={14} />} onClick={() => setCollecting(true)}>
              {t('collections.addToCollection')}
            </Menu.Item>
          )}
          {item.status === 'ACTIVE' && <ShortcutMenuItem kind="asset" id={item.id} label={item.name} />}
          {/* The asset page takes the viewer's place in history; on that page already, it just closes. */}
          <Menu.Item
            component={Link}
            to={details}
            replace
            leftSection={<IconExternalLink size={14} />}
            onClick={pathname === details ? onClose : undefined}
          >
            {t('viewer.details')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {collects && (
        <AddToCollectionModal opened={collecting} assetIds={[item.id]} onClose={() => setCollecting(false)} />
      )}
    </>
  );
}
