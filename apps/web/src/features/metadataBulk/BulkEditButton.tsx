import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import type { AssetSearchBody, BulkTarget } from '@brandvault/contract';
import { BULK_EDIT_MAX } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { formatNumber } from '../../i18n/format';
import { BulkEditDialog } from './BulkEditDialog';

type Size = 'compact-xs' | 'compact-sm';

/** "Edit fields" of a target, for those who may edit assets. */
export function BulkEditButton({
  brandId,
  target,
  summary,
  label,
  size = 'compact-sm',
  variant = 'white',
  onDone,
}: {
  brandId: number;
  target: BulkTarget;
  summary: string;
  label?: string;
  size?: Size;
  variant?: 'white' | 'subtle';
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useCan().permission('asset.update')) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        color={variant === 'white' ? 'dark' : undefined}
        leftSection={<IconForms size={14} />}
        onClick={() => setOpen(true)}
        data-testid="bulk-edit"
      >
        {label ?? t('metadataBulk.action')}
      </Button>
      <BulkEditDialog
        opened={open}
        brandId={brandId}
        target={target}
        summary={summary}
        onClose={() => setOpen(false)}
        onDone={onDone}
      />
    </>
  );
}

/** Every asset a search finds under its folder (up to BULK_EDIT_MAX), not only the loaded ones. */
export function SearchBulkEditButton({
  brandId,
  folderId,
  filters,
  total,
}: {
  brandId: number;
  folderId: number;
  filters: AssetSearchBody;
  total: number;
}) {
  const { t } = useTranslation();
  if (total === 0 || total > BULK_EDIT_MAX) return null;
  return (
    <BulkEditButton
      brandId={brandId}
      target={{ search: { folder_id: folderId, filters } }}
      summary={t('metadataBulk.summary.search', { count: total, formatted: formatNumber(total) })}
      label={t('metadataBulk.allResults')}
      size="compact-xs"
      variant="subtle"
    />
  );
}
