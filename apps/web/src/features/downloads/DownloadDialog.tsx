import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconFileZip, IconLayoutGrid } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  DOWNLOAD_EXPIRY_HOURS,
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_FILES,
  DOWNLOAD_PDF_MAX_ASSETS,
  PDF_SHEET_PER_PAGE,
} from '@brandvault/contract';
import type { DownloadFormat, PdfLayout } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, errorTexts } from '../../api/errors';
import { notifyInfo } from '../../lib/notify';
import { confirm } from '../../ui/confirm/confirmStore';
import { currentLang } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { follow, useQueueDownload } from './api';
import { filesText, selectionSummary } from './labels';
import classes from './Downloads.module.css';

type Choice = 'zip' | 'pages' | 'sheet';
const REQUEST: Record<Choice, { format: DownloadFormat; layout: PdfLayout }> = {
  zip: { format: 'zip', layout: 'pages' },
  pages: { format: 'pdf', layout: 'pages' },
  sheet: { format: 'pdf', layout: 'sheet' },
};

interface Props {
  opened: boolean;
  assetIds: number[];
  /** Whole folders, with their subfolders (the archive keeps the tree). */
  folders: { id: number; name: string }[];
  onClose: () => void;
  /** After the server has queued it (e.g. to clear the selection it came from). */
  onQueued?: () => void;
}

/** "Download…": a selection of assets and folders as a zip, or as a PDF of pages or a contact sheet. */
export function DownloadDialog({ opened, assetIds, folders, onClose, onQueued }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('downloads.dialog.title')} size="md">
      {opened && (
        <DownloadForm
          assetIds={assetIds}
          folders={folders}
          onDone={() => {
            onQueued?.();
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function DownloadForm({
  assetIds,
  folders,
  onDone,
  onCancel,
}: {
  assetIds: number[];
  folders: { id: number; name: string }[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queue = useQueueDownload();
  const [choice, setChoice] = useState<Choice>('zip');
  // Only a selection of assets alone has a count known before the server walks the folders.
  const known = folders.length === 0 ? assetIds.length : null;
  const pdfTooMany = known !== null && known > DOWNLOAD_PDF_MAX_ASSETS;

  const submit = (confirmed = false) => {
    const { format, layout } = REQUEST[choice];
    queue.mutate(
      { asset_ids: assetIds, folder_ids: folders.map((f) => f.id), format, layout, confirm: confirmed },
      {
        // Licensed, expired or embargoed assets in the choice (issue 40): the user confirms, then it goes again.
        onError: async (e) => {
          if (confirmed || !(e instanceof ApiError) || e.code !== 'DOWNLOAD_CONFIRM') return;
          queue.reset();
          const ok = await confirm({
            title: t('availability.confirm.zipTitle'),
            message: t('availability.confirm.zip'),
            confirmLabel: t('availability.confirm.accept'),
            cancelLabel: t('common.cancel'),
          });
          if (ok) submit(true);
        },
        onSuccess: ({ download }) => {
          const files = filesText(t, download.files ?? known);
          // The zip streams to the browser while it is built (one pass); the spec's notice still
          // says it is being prepared, and the jobs menu and the e-mail still offer the file.
          if (download.live_url) follow(download.live_url, download.name);
          notifyInfo(
            t(format === 'zip' ? 'downloads.toast.zipTitle' : 'downloads.toast.pdfTitle'),
            t('downloads.toast.message', { files }),
            'downloads',
          );
          onDone();
        },
      },
    );
  };

  const error = queue.error;
  const fieldMessages = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
  const texts = error ? errorTexts(error, currentLang()) : null;

  return (
    <Stack gap="md">
      <Text size="sm" data-testid="download-summary">
        {selectionSummary(t, folders, assetIds.length)}
      </Text>
      <Radio.Group
        value={choice}
        onChange={(v) => setChoice(v as Choice)}
        label={t('downloads.dialog.format')}
        labelProps={{ mb: 'xs' }}
      >
        <Stack gap="xs">
          <Option
            value="zip"
            icon={<IconFileZip size={20} stroke={1.6} />}
            title={t('downloads.dialog.zip')}
            description={t('downloads.dialog.zipHint')}
          />
          <Option
            value="pages"
            icon={<IconFileTypePdf size={20} stroke={1.6} />}
            title={t('downloads.dialog.pages')}
            description={
              pdfTooMany
                ? t('downloads.dialog.pdfTooMany', { max: DOWNLOAD_PDF_MAX_ASSETS })
                : t('downloads.dialog.pagesHint')
            }
            disabled={pdfTooMany}
          />
          <Option
            value="sheet"
            icon={<IconLayoutGrid size={20} stroke={1.6} />}
            title={t('downloads.dialog.sheet', { count: PDF_SHEET_PER_PAGE })}
            description={
              pdfTooMany
                ? t('downloads.dialog.pdfTooMany', { max: DOWNLOAD_PDF_MAX_ASSETS })
                : t('downloads.dialog.sheetHint')
            }
            disabled={pdfTooMany}
          />
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" data-testid="download-limits">
        {t('downloads.dialog.limits', {
          files: formatNumber(DOWNLOAD_MAX_FILES),
          gb: formatNumber(DOWNLOAD_MAX_BYTES / 1024 ** 3),
          pdf: formatNumber(DOWNLOAD_PDF_MAX_ASSETS),
          hours: DOWNLOAD_EXPIRY_HOURS,
        })}
      </Text>
      {texts && (
        <Alert color="red" role="alert" title={texts.title}>
          {(fieldMessages.length ? fieldMessages : [texts.message]).map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => submit()} loading={queue.isPending}>
          {t(REQUEST[choice].format === 'zip' ? 'downloads.dialog.submitZip' : 'downloads.dialog.submitPdf')}
        </Button>
      </Group>
    </Stack>
  );
}

function Option({
  value,
  icon,
  title,
  description,
  disabled,
}: {
  value: Choice;
  icon: ReactNode;
  title: string;
  description: string;
  disabled?: boolean;
}) {
  return (
    <Radio.Card className={classes.option} value={value} radius="md" p="sm" disabled={disabled} aria-label={title}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} disabled={disabled} />
        <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}
