import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { AddToCollectionModal } from './AddToCollectionModal';

/**
 * "Add to collection" for one asset (the asset page, the viewer): a button, or whatever `render`
 * draws with the opener it is given, and the dialog it opens.
 */
export function AddToCollectionButton({
  assetIds,
  render,
}: {
  assetIds: number[];
  render?: (open: () => void, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can.permission('collection.view')) return null;
  const label = t('collections.addToCollection');
  return (
    <>
      {render ? (
        render(() => setOpen(true), label)
      ) : (
        <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <AddToCollectionModal opened={open} assetIds={assetIds} onClose={() => setOpen(false)} />
    </>
  );
}
