import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import type { AssetSearchBody } from '@brandvault/contract';
import { TEMPLATE_LIST_SEPARATOR, TEMPLATE_MAX_ROWS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { notifyInfo } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { selectionSummary } from '../downloads/labels';
import { saveAssetTemplate, useSendReport } from './api';

interface Props {
  opened: boolean;
  assetIds: number[];
  /** Whole folders (with their subfolders unless unticked). */
  folders: { id: number; name: string }[];
  /** A search result instead of (or with) a selection: the searcher's filters under a folder. */
  search?: { folder_id: number; filters: AssetSearchBody; total: number };
  onClose: () => void;
  onDone?: () => void;
}

/** "Spreadsheet template…": the chosen assets as an xlsx to edit, downloaded now or sent by e-mail. */
export function TemplateExportDialog({ opened, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('reports.export.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <ExportForm {...rest} onClose={onClose} />}
    </Modal>
  );
}

function ExportForm({ assetIds, folders, search, onClose, onDone }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const [recursive, setRecursive] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const send = useSendReport();
  const body = {
    asset_ids: assetIds,
    folder_ids: folders.map((f) => f.id),
    recursive,
    ...(search ? { search: { folder_id: search.folder_id, filters: search.filters } } : {}),
  };
  const finish = () => {
    onDone?.();
    onClose();
  };
  const download = async () => {
    setSaving(true);
    setError(null);
    try {
      await saveAssetTemplate(body);
      finish();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };
  const mail = () =>
    send.mutate(
      { kind: 'assets', body },
      {
        onSuccess: () => {
          notifyInfo(t('reports.toast.sendingTitle'), t('reports.toast.sending'), 'reportSending');
          finish();
        },
        onError: setError,
      },
    );
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="template-summary">
        {search
          ? t('reports.export.search', { count: search.total, formatted: formatNumber(search.total) })
          : selectionSummary(t, folders, assetIds.length)}
      </Text>
      {folders.length > 0 && (
        <Checkbox
          checked={recursive}
          onChange={(e) => setRecursive(e.currentTarget.checked)}
          label={t('reports.export.subfolders')}
        />
      )}
      <Text size="xs" c="dimmed">
        {t('reports.export.hint', { separator: TEMPLATE_LIST_SEPARATOR, max: formatNumber(TEMPLATE_MAX_ROWS) })}{' '}
        <Anchor component={Link} to="/reports/imports" size="xs" onClick={onClose}>
          {t('reports.export.uploadLink')}
        </Anchor>
      </Text>
      <ErrorAlert error={error} fields mb="0" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="light" leftSection={<IconMail size={16} />} loading={send.isPending} onClick={mail}>
          {t('reports.export.send')}
        </Button>
        <Button leftSection={<IconDownload size={16} />} loading={saving} onClick={() => void download()}>
          {t('reports.export.download')}
        </Button>
      </Group>
    </Stack>
  );
}
