import { Button, CloseButton, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowsMove, IconRestore, IconTrash } from '@tabler/icons-react';
import type { AssetManagerRow } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import type { ManagerActions } from './useManagerActions';
// The searcher's bar: the same place and look wherever assets are selected.
import searchClasses from '../search/Search.module.css';

/**
 * The selection's actions, stuck to the bottom of the screen: remove the active ones, restore
 * the removed ones (each as the server's abilities allow), move when every asset may move and
 * all are of one brand (folders belong to a brand), and clear.
 */
export function BulkBar({
  rows,
  actions,
  onClear,
}: {
  rows: AssetManagerRow[];
  actions: ManagerActions;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const removable = rows.filter((r) => r.abilities.remove);
  const restorable = rows.filter((r) => r.abilities.restore);
  const oneBrand = rows.every((r) => r.brand.id === rows[0]!.brand.id);
  const movable = rows.every((r) => r.abilities.move);
  const n = (count: number) => ({ count, formatted: formatNumber(count) });
  const moveBlocked = !movable ? t('assetManager.moveRemoved') : !oneBrand ? t('assetManager.moveBrands') : null;
  return (
    <Group
      className={searchClasses.selectionBar}
      justify="space-between"
      wrap="wrap"
      gap="sm"
      role="region"
      aria-label={t('assetManager.selection')}
      data-testid="asset-manager-bar"
    >
      <Text size="sm" fw={600} aria-live="polite">
        {t('search.selected', n(rows.length))}
      </Text>
      <Group gap="xs" wrap="wrap">
        {restorable.length > 0 && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconRestore size={14} />}
            onClick={() => actions.restore(restorable)}
            loading={actions.pending}
          >
            {restorable.length < rows.length
              ? t('assetManager.restoreSome', n(restorable.length))
              : t('assets.restore')}
          </Button>
        )}
        {rows.some((r) => r.status === 'ACTIVE') && (
          <Tooltip label={moveBlocked} disabled={!moveBlocked} withinPortal>
            <Button
              size="compact-sm"
              variant="white"
              color="dark"
              leftSection={<IconArrowsMove size={14} />}
              // Disabled yet focusable and hoverable, so the tooltip can say why.
              data-disabled={moveBlocked ? true : undefined}
              aria-disabled={moveBlocked ? true : undefined}
              onClick={(e) => (moveBlocked ? e.preventDefault() : actions.startMove(rows))}
              disabled={actions.pending}
            >
              {t('search.move')}
            </Button>
          </Tooltip>
        )}
        {removable.length > 0 && (
          <Button
            size="compact-sm"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.remove(removable)}
            loading={actions.pending}
          >
            {removable.length < rows.length ? t('assetManager.removeSome', n(removable.length)) : t('assets.remove')}
          </Button>
        )}
        <CloseButton variant="transparent" c="white" aria-label={t('search.clearSelection')} onClick={onClear} />
      </Group>
    </Group>
  );
}
