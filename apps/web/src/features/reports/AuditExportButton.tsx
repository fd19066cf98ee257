import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { AuditQuery } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { saveAuditReport } from './api';

/** The audit log's current filter as an xlsx (§7 `get/audit/template`). */
export function AuditExportButton({ query }: { query: AuditQuery }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        saveAuditReport(query)
          .catch((e: unknown) => notifyError(e, 'reportSending'))
          .finally(() => setBusy(false));
      }}
    >
      {t('reports.audit.export')}
    </Button>
  );
}
