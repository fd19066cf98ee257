import type { FolderNode } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { subtreeIds } from '../folders/api';
import { FolderPickerModal } from '../folders/FolderPickerModal';
import type { useFolderActions } from '../folders/useFolderActions';

interface Props {
  brandId: number;
  root: FolderNode | undefined;
  actions: ReturnType<typeof useFolderActions>;
}

/** Where a folder moves to: neither into itself, nor below itself, nor where it already is. */
export function FolderMovePicker({ brandId, root, actions }: Props) {
  const { t } = useTranslation();
  return (
    <FolderPickerModal
      opened={actions.moving !== null}
      brandId={brandId}
      title={t('folders.moveTitle', { name: actions.moving?.name ?? '' })}
      confirmLabel={t('folders.moveHere')}
      disabledIds={
        actions.moving && root
          ? new Set([
              ...subtreeIds(root, actions.moving.id),
              ...(actions.moving.parent_id ? [actions.moving.parent_id] : []),
            ])
          : undefined
      }
      pending={actions.moveState.isPending}
      error={actions.moveState.error ?? undefined}
      onPick={actions.doMove}
      onClose={actions.closeMove}
    />
  );
}
