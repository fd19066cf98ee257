import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { FolderPickerModal } from '../folders/FolderPickerModal';
import type { AssetActions } from './useAssetActions';

interface Props {
  actions: AssetActions;
  /** The brand whose folders are offered. */
  brandId: number;
  /** Folders that cannot be the target (the one the assets already sit in). */
  disabledIds?: Set<number>;
}

/** Where the selected assets are copied or moved to, open while the asset actions are picking. */
export function CopyMovePicker({ actions, brandId, disabledIds }: Props) {
  const { t } = useTranslation();
  const pickCount = actions.picking?.assets.length ?? 0;
  return (
    <FolderPickerModal
      opened={actions.picking !== null}
      brandId={brandId}
      title={t(actions.picking?.kind === 'copy' ? 'search.copyTitle' : 'search.moveTitle', {
        count: pickCount,
        formatted: formatNumber(pickCount),
      })}
      confirmLabel={actions.picking?.kind === 'copy' ? t('search.copyHere') : t('search.moveHere')}
      disabledIds={disabledIds}
      pending={actions.pending}
      error={actions.error ?? undefined}
      onPick={actions.pick}
      onClose={actions.closePicker}
    />
  );
}
