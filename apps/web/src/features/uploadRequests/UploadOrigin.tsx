import { Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useUploadOrigin } from './api';

/** "Uploaded through request #12 by Ana <ana@agency.example>": shown when a request brought the asset. */
export function UploadOrigin({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const origin = useUploadOrigin(assetId).data?.origin;
  if (!origin) return null;
  return (
    <Text size="sm" mt="sm" data-testid="upload-origin">
      <IconInbox size={14} style={{ verticalAlign: '-2px', marginRight: 6 }} aria-hidden />
      {t('uploadRequests.origin', {
        id: origin.request_id,
        name: origin.uploader_name,
        email: origin.uploader_email,
        date: formatDateTime(origin.uploaded_at),
      })}
      {origin.request_message ? (
        <Text span size="sm" c="dimmed">
          {' '}
          — “{origin.request_message}”
        </Text>
      ) : null}
    </Text>
  );
}
