import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COLLECTION_NAME_MAX, CollectionUpdateBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useFolderToCollection } from './api';

/** §4: a new collection with the folder's current assets (and its subfolders' when asked). */
export function FolderToCollectionModal({
  folder,
  onClose,
}: {
  folder: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={folder !== null}
      onClose={onClose}
      title={t('collections.fromFolderTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {folder && <ConvertForm folder={folder} onDone={onClose} />}
    </Modal>
  );
}

function ConvertForm({ folder, onDone }: { folder: { id: number; name: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const convert = useFolderToCollection();
  const form = useForm({
    initialValues: { name: folder.name.slice(0, COLLECTION_NAME_MAX), subfolders: false },
    validate: (v) => validateWith(CollectionUpdateBody, { name: v.name }),
  });
  const submit = form.onSubmit(({ name, subfolders }) =>
    convert.mutate(
      { folderId: folder.id, name: name.trim(), subfolders },
      {
        onSuccess: ({ collection }) => {
          notifySuccess(
            t('collections.fromFolderDoneTitle'),
            t('collections.fromFolderDone', {
              name: collection.name,
              count: collection.asset_count,
              formatted: formatNumber(collection.asset_count),
            }),
            'folders',
          );
          onDone();
          void navigate(`/collections/own/${collection.id}`);
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e, 'folders');
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('collections.fromFolderHint', { name: folder.name })}
        </Text>
        <TextInput
          label={t('collections.name')}
          required
          data-autofocus
          maxLength={COLLECTION_NAME_MAX + 50}
          {...form.getInputProps('name')}
        />
        <Checkbox label={t('collections.withSubfolders')} {...form.getInputProps('subfolders', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={convert.isPending}>
            {t('collections.convert')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
