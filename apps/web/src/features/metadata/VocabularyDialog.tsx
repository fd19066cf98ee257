import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { VocabularyBody } from '@brandvault/contract';
import type { Vocabulary, VocabularyKind } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateVocabulary, useRenameVocabulary } from './api';

interface Props {
  brandId: number;
  /** The vocabulary to rename; null creates one (a list or a tree). */
  vocabulary: Vocabulary | null;
  onClose: () => void;
}

export function VocabularyDialog({ brandId, vocabulary, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(vocabulary?.name ?? '');
  const [kind, setKind] = useState<VocabularyKind>(vocabulary?.kind ?? 'list');
  const [error, setError] = useState<string>();
  const create = useCreateVocabulary();
  const rename = useRenameVocabulary();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateWith(VocabularyBody, { name: name.trim(), kind }).name;
    if (problem) return setError(problem);
    const handlers = {
      onSuccess: () => {
        notifySuccess(
          vocabulary ? t('metadata.vocabularies.renamed') : t('metadata.vocabularies.created'),
          name.trim(),
        );
        onClose();
      },
      onError: (err: unknown) => {
        if (err instanceof ApiError && err.fields?.name) setError(err.fields.name);
        else notifyError(err);
      },
    };
    if (vocabulary) rename.mutate({ id: vocabulary.id, name: name.trim() }, handlers);
    else create.mutate({ brandId, body: { name: name.trim(), kind } }, handlers);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={vocabulary ? t('metadata.vocabularies.renameTitle') : t('metadata.vocabularies.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('metadata.vocabularies.name')}
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(undefined);
            }}
          />
          {!vocabulary && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('metadata.vocabularies.kind')}
              </Text>
              <SegmentedControl
                value={kind}
                onChange={(v) => setKind(v as VocabularyKind)}
                data={[
                  { value: 'list', label: t('metadata.kinds.list') },
                  { value: 'tree', label: t('metadata.kinds.tree') },
                ]}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || rename.isPending}>
              {vocabulary ? t('metadata.vocabularies.save') : t('metadata.vocabularies.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
