import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import {
  IconArrowsMove,
  IconCopy,
  IconDownload,
  IconFolderPlus,
  IconSquareCheck,
  IconTableExport,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { AddToCollectionModal } from '../collections/AddToCollectionModal';
import { DownloadDialog } from '../downloads/DownloadDialog';
import { TemplateExportDialog } from '../reports/TemplateExportDialog';
import { BulkEditButton } from '../metadataBulk/BulkEditButton';
import { countsText } from '../downloads/labels';
import { formatNumber } from '../../i18n/format';
import { commonAbilities } from './selection';
import type { Selection } from './selection';
import type { AssetActions } from './useAssetActions';
import classes from './Search.module.css';

/** The actions bar of the tour: sticks to the bottom while anything is selected. */
export function SelectionBar({
  selection,
  loadedCount,
  actions,
  onSelectAll,
  onClear,
  children,
}: {
  selection: Selection;
  loadedCount: number;
  actions: AssetActions;
  onSelectAll: () => void;
  onClear: () => void;
  /** Actions of the screen that holds the results (a collection's "remove from collection"). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const can_ = useCan();
  const [collecting, setCollecting] = useState<number[] | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [templating, setTemplating] = useState(false);
  const count = selection.items.size;
  const folderCount = selection.folders.size;
  if (count === 0 && folderCount === 0) return null;
  const can = commonAbilities(selection);
  const assets = [...selection.items.values()];
  const folders = [...selection.folders.values()];
  return (
    <Group
      className={classes.selectionBar}
      justify="space-between"
      wrap="wrap"
      gap="sm"
      role="region"
      aria-label={t('search.selectionBar')}
      data-testid="selection-bar"
    >
      <Group gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          {folderCount > 0
            ? t('search.selectedMixed', { what: countsText(t, folderCount, count) })
            : t('search.selected', { count, formatted: formatNumber(count) })}
        </Text>
        {count < loadedCount && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray.0"
            leftSection={<IconSquareCheck size={14} />}
            onClick={onSelectAll}
          >
            {t('search.selectAll')}
          </Button>
        )}
      </Group>
      <Group gap="xs">
        {children}
        {can.download && can_.permission('asset.download') && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconDownload size={14} />}
            onClick={() => setDownloading(true)}
          >
            {t('downloads.action')}
          </Button>
        )}
        {can_.permission('asset.update') && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconTableExport size={14} />}
            onClick={() => setTemplating(true)}
          >
            {t('reports.export.action')}
          </Button>
        )}
        {count > 0 && folderCount === 0 && (
          <BulkEditButton
            brandId={assets[0]!.brand_id}
            target={{ asset_ids: assets.map((a) => a.id) }}
            summary={t('metadataBulk.summary.assets', { count, formatted: formatNumber(count) })}
            onDone={onClear}
          />
        )}
        {count === 0 && folderCount === 1 && (
          <BulkEditButton
            brandId={folders[0]!.brand_id}
            target={{ folder: { id: folders[0]!.id, recursive: true } }}
            summary={t('metadataBulk.summary.folder', { name: folders[0]!.name })}
            onDone={onClear}
          />
        )}
        {count > 0 && folderCount === 0 && can_.permission('collection.view') && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => setCollecting(assets.map((a) => a.id))}
          >
            {t('collections.addToCollection')}
          </Button>
        )}
        {can.move && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconArrowsMove size={14} />}
            onClick={() => actions.startMove(assets)}
            disabled={actions.pending}
          >
            {t('search.move')}
          </Button>
        )}
        {can.copy && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconCopy size={14} />}
            onClick={() => actions.startCopy(assets)}
            disabled={actions.pending}
          >
            {t('search.copy')}
          </Button>
        )}
        {can.remove && (
          <Button
            size="compact-sm"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => void actions.remove(assets)}
            loading={actions.pending && !actions.picking}
          >
            {t('search.remove')}
          </Button>
        )}
        <CloseButton variant="transparent" c="white" aria-label={t('search.clearSelection')} onClick={onClear} />
      </Group>
      <DownloadDialog
        opened={downloading}
        assetIds={assets.map((a) => a.id)}
        folders={folders}
        onClose={() => setDownloading(false)}
        onQueued={onClear}
      />
      <TemplateExportDialog
        opened={templating}
        assetIds={assets.map((a) => a.id)}
        folders={folders}
        onClose={() => setTemplating(false)}
        onDone={onClear}
      />
      <AddToCollectionModal
        opened={collecting !== null}
        assetIds={collecting ?? []}
        onClose={() => setCollecting(null)}
        onDone={onClear}
      />
    </Group>
  );
}
