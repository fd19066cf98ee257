import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { VocabularyKind } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { useImportOptions } from './api';
import { optionError } from './optionErrors';

/** Pasted options, one a line (paths or indentation in a tree); says how many were added and kept. */
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
  const [error, setError] = useState<string>();
  const run = useImportOptions();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(t('metadata.options.importEmpty'));
    run.mutate(
      { vocabularyId, text },
      {
        onSuccess: (r) => {
          notifySuccess(t('metadata.options.imported'), t('metadata.options.importedText', r));
          onClose();
        },
        onError: optionError(t, (fields) => setError(Object.values(fields).join(' '))),
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
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(undefined);
            }}
          />
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
