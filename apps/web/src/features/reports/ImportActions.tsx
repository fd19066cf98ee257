import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarTime, IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import type { TemplateImport } from '@brandvault/contract';
import { IMPORT_SCHEDULE_MAX_DAYS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, errorTexts } from '../../api/errors';
import { notifyError, notifyInfo } from '../../lib/notify';
import { currentLang } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { saveImportResult, useApplyImport, useCancelImport } from './api';
import { DateTimeField } from '../../ui/DateField';

/** "2026-11-27 22:00:00" (local time) tonight at 22:00, or tomorrow's when that has passed. */
function tonight(now = new Date()) {
  const d = new Date(now);
  d.setHours(22, 0, 0, 0);
  if (d <= now) d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

/** What the owner can do with an import now: apply (now or later), cancel, or fetch the result sheet. */
export function ImportActions({ item }: { item: TemplateImport }) {
  const { t } = useTranslation();
  const apply = useApplyImport(item.id);
  const cancel = useCancelImport(item.id);
  const [later, setLater] = useState(false);
  const [at, setAt] = useState(tonight);
  const [saving, setSaving] = useState(false);
  const error = apply.error ?? cancel.error;
  const texts = error ? errorTexts(error, currentLang()) : null;
  const fields = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
  const applied = () => notifyInfo(t('reports.toast.applyingTitle'), t('reports.toast.applying'), 'templateProcessing');

  if (item.state === 'applied')
    return item.has_result ? (
      <Button
        leftSection={<IconDownload size={16} />}
        loading={saving}
        onClick={() => {
          setSaving(true);
          saveImportResult(item.id)
            .catch((e: unknown) => notifyError(e))
            .finally(() => setSaving(false));
        }}
      >
        {t('reports.preview.result')}
      </Button>
    ) : null;
  if (item.state !== 'ready' && item.state !== 'scheduled') return null;
  return (
    <Stack gap="sm">
      {item.state === 'scheduled' && (
        <Text size="sm" data-testid="scheduled-for">
          {item.run_at
            ? t('reports.preview.scheduledFor', { at: formatDateTime(item.run_at) })
            : t('reports.state.scheduled')}
        </Text>
      )}
      <Group gap="sm" wrap="wrap">
        {item.state === 'ready' && (
          <>
            <Button
              leftSection={<IconCheck size={16} />}
              loading={apply.isPending && !later}
              disabled={!item.counts?.change}
              onClick={() => apply.mutate({}, { onSuccess: applied })}
            >
              {t('reports.preview.applyNow')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconCalendarTime size={16} />}
              disabled={!item.counts?.change}
              onClick={() => setLater((v) => !v)}
            >
              {t('reports.preview.applyLater')}
            </Button>
          </>
        )}
        <Button
          variant="default"
          color="red"
          leftSection={<IconX size={16} />}
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {t('reports.preview.cancel')}
        </Button>
      </Group>
      {later && item.state === 'ready' && (
        <Paper withBorder radius="md" p="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DateTimeField
              label={t('reports.preview.when')}
              description={t('reports.preview.whenHint', { days: IMPORT_SCHEDULE_MAX_DAYS })}
              value={at}
              onChange={setAt}
              error={fields[0]}
            />
            <Button
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(
                  { run_at: new Date(at.replace(' ', 'T')).toISOString() },
                  { onSuccess: () => setLater(false) },
                )
              }
            >
              {t('reports.preview.schedule')}
            </Button>
          </Group>
        </Paper>
      )}
      {texts && !fields.length && (
        <Alert color="red" role="alert" title={texts.title}>
          {texts.message}
        </Alert>
      )}
    </Stack>
  );
}
