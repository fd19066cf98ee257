import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COLLECTION_NAME_MAX, CollectionUpdateBody } from '@brandvault/contract';
import type { Collection } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateCollection, useRenameCollection } from './api';

export type CollectionFormMode = { kind: 'create' } | { kind: 'rename'; collection: Pick<Collection, 'id' | 'name'> };

/** New collection and rename share one form: a name (required, unique among the caller's). */
export function CollectionFormModal({
  mode,
  onClose,
  onCreated,
}: {
  mode: CollectionFormMode | null;
  onClose: () => void;
  onCreated?: (c: Collection) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={mode?.kind === 'rename' ? t('collections.renameTitle') : t('collections.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mode && <NameForm mode={mode} onDone={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function NameForm({
  mode,
  onDone,
  onCreated,
}: {
  mode: CollectionFormMode;
  onDone: () => void;
  onCreated?: (c: Collection) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCollection();
  const rename = useRenameCollection();
  const form = useForm({
    initialValues: { name: mode.kind === 'rename' ? mode.collection.name : '' },
    validate: (v) => validateWith(CollectionUpdateBody, v),
  });
  const submit = form.onSubmit(({ name }) => {
    const onError = (e: unknown) => {
      if (!applyFieldErrors(form, e)) notifyError(e, 'assets');
    };
    if (mode.kind === 'create')
      create.mutate(
        { name: name.trim() },
        {
          onSuccess: ({ collection }) => {
            notifySuccess(t('collections.createdTitle'), t('collections.created', { name: collection.name }), 'assets');
            onDone();
            onCreated?.(collection);
          },
          onError,
        },
      );
    else
      rename.mutate(
        { id: mode.collection.id, name: name.trim() },
        {
          onSuccess: ({ collection }) => {
            notifySuccess(t('collections.renamedTitle'), t('collections.renamed', { name: collection.name }), 'assets');
            onDone();
          },
          onError,
        },
      );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('collections.name')}
          required
          data-autofocus
          maxLength={COLLECTION_NAME_MAX + 50}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || rename.isPending}>
            {mode.kind === 'create' ? t('collections.create') : t('collections.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
