import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyInfo } from '../../lib/notify';
import { useGuidelinePdf } from './api';

/** Queues the PDF of the whole guidelines or of one page; the shell's jobs list offers the file. */
export function GuidelinePdfButton({ what }: { what: { brandId: number } | { pageId: number } }) {
  const { t } = useTranslation();
  const pdf = useGuidelinePdf();
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      loading={pdf.isPending}
      onClick={() =>
        pdf.mutate(what, {
          onSuccess: () => notifyInfo(t('guidelines.pdfQueuedTitle'), t('guidelines.pdfQueued')),
          onError: (e) => notifyError(e),
        })
      }
    >
      {'pageId' in what ? t('guidelines.exportPagePdf') : t('guidelines.exportPdf')}
    </Button>
  );
}
