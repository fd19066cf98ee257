import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { ImportKind } from '@brandvault/contract';
import { TEMPLATE_MAX_BYTES, TEMPLATE_MAX_ROWS, XLSX_MIME } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { notifyInfo } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useUploadTemplate } from './api';

/** §5: the picker accepts only xlsx files. */
const ACCEPT = `.xlsx,${XLSX_MIME}`;

/** Uploads an edited template; its preview is prepared by a job and opens on the import's page. */
export function UploadTemplateDialog({
  kind,
  opened,
  onClose,
}: {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(`reports.upload.title.${kind}`)} size="md">
      {opened && <UploadForm kind={kind} onClose={onClose} />}
    </Modal>
  );
}

function UploadForm({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadTemplate(kind);
  const [file, setFile] = useState<File | null>(null);
  const wrongType = file !== null && !/\.xlsx$/i.test(file.name);
  const submit = () => {
    if (!file || wrongType) return;
    upload.mutate(file, {
      onSuccess: ({ import: imp }) => {
        notifyInfo(
          t('reports.toast.processingTitle'),
          t('reports.toast.processing', { name: imp.name }),
          'templateProcessing',
        );
        onClose();
        void navigate(`/reports/imports/${imp.id}`);
      },
    });
  };
  const error = upload.error;
  return (
    <Stack gap="md">
      <Text size="sm">{t(`reports.upload.intro.${kind}`)}</Text>
      <FileInput
        label={t('reports.upload.file')}
        placeholder={t('reports.upload.placeholder')}
        accept={ACCEPT}
        value={file}
        onChange={setFile}
        leftSection={<IconFileSpreadsheet size={16} />}
        clearable
        error={wrongType ? t('reports.upload.onlyXlsx') : undefined}
        data-testid="template-file"
      />
      <Text size="xs" c="dimmed">
        {t('reports.upload.limits', { mb: TEMPLATE_MAX_BYTES / 1024 ** 2, rows: formatNumber(TEMPLATE_MAX_ROWS) })}
      </Text>
      <ErrorAlert error={error} fields mb="0" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={<IconUpload size={16} />}
          disabled={!file || wrongType}
          loading={upload.isPending}
          onClick={submit}
        >
          {t('reports.upload.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
