import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { OptionImportResult, VocabularyKind } from '@brandvault/contract';
import { XLSX_MIME } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { useImportOptions } from './api';
import { optionError } from './optionErrors';

const ACCEPT = `.xlsx,${XLSX_MIME}`;

/** What a done import says: counts, and the sheet rows left out (their numbers, as the sheet shows them). */
function importedText(t: ReturnType<typeof useTranslation>['t'], r: OptionImportResult) {
  const counts = t('metadata.options.importedText', r);
  if (!r.skipped.length) return counts;
  const rows = r.skipped.map((s) => `${s.row} (${t(`metadata.options.skip.${s.reason}`)})`).join(', ');
  return `${counts} ${t('metadata.options.importSkipped', { count: r.skipped.length, rows })}`;
}

/**
 * Pasted options, one a line (paths or indentation in a tree), or an xlsx sheet; says how many
 * were added and kept, and which rows of a sheet were left out.
 */
export function ImportDialog({
  vocabularyId,
  kind,
  onClose,
}: {
  vocabularyId: number;
  kind: VocabularyKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const run = useImportOptions();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file && !text.trim()) return setError(t('metadata.options.importEmpty'));
    if (file && !file.name.toLowerCase().endsWith('.xlsx')) return setFileError(t('metadata.options.importOnlyXlsx'));
    run.mutate(
      { vocabularyId, text, file },
      {
        onSuccess: (r) => {
          notifySuccess(t('metadata.options.imported'), importedText(t, r));
          onClose();
        },
        onError: optionError(t, (fields) => {
          if (fields.sheet) setFileError(fields.sheet);
          else setError(Object.values(fields).join(' '));
        }),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={t('metadata.options.importTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('metadata.options.importText')}
            description={kind === 'tree' ? t('metadata.options.importHintTree') : t('metadata.options.importHintList')}
            autosize
            minRows={8}
            maxRows={18}
            data-autofocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={text}
            error={error}
            disabled={file !== null}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <FileInput
            label={t('metadata.options.importSheet')}
            description={
              kind === 'tree' ? t('metadata.options.importSheetHintTree') : t('metadata.options.importSheetHintList')
            }
            placeholder={t('metadata.options.importSheetPick')}
            accept={ACCEPT}
            value={file}
            onChange={(f) => {
              setFile(f);
              setFileError(undefined);
              setError(undefined);
            }}
            leftSection={<IconFileSpreadsheet size={16} />}
            clearable
            error={fileError}
            data-testid="import-sheet"
          />
          {file && (
            <Text size="xs" c="dimmed">
              {t('metadata.options.importSheetInstead')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={run.isPending}>
              {t('metadata.options.importButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
