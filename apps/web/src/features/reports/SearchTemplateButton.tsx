import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import type { AssetSearchBody } from '@brandvault/contract';
import { TEMPLATE_MAX_ROWS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { TemplateExportDialog } from './TemplateExportDialog';

/**
 * A search result as a spreadsheet template (§1: bulk-update with templates): every asset the
 * search finds under the folder, not only the loaded or selected ones. Offered to those who may
 * edit assets, for a result a template can hold.
 */
export function SearchTemplateButton({
  folderId,
  filters,
  total,
}: {
  folderId: number;
  filters: AssetSearchBody;
  total: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useCan().permission('asset.update') || total === 0 || total > TEMPLATE_MAX_ROWS) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconTable size={14} />}
        onClick={() => setOpen(true)}
        data-testid="search-template"
      >
        {t('reports.export.action')}
      </Button>
      <TemplateExportDialog
        opened={open}
        onClose={() => setOpen(false)}
        assetIds={[]}
        folders={[]}
        search={{ folder_id: folderId, filters, total }}
      />
    </>
  );
}
