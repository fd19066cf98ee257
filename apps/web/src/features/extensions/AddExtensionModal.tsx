import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ExtensionCreateBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../app/forms';
import { notifyError, notifyInfo, notifySuccess } from '../../app/notify';
import { useCreateExtension } from './api';

/** Adds one type to the upload allow-list; a type that can run code comes back with a warning. */
export function AddExtensionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('extensions.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <AddForm onDone={onClose} />}
    </Modal>
  );
}

function AddForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateExtension();
  const form = useForm({
    initialValues: { name: '', mime_type: '' },
    validate: (v) => validateWith(ExtensionCreateBody, v),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ extension, warning }) => {
        notifySuccess(t('extensions.addedTitle'), t('extensions.added', { name: extension.name }));
        if (warning) notifyInfo(t('extensions.dangerTitle'), warning);
        onDone();
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('extensions.addHint')}
        </Text>
        <TextInput
          label={t('extensions.fields.name')}
          placeholder="png"
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('extensions.fields.mime')}
          placeholder="image/png"
          required
          {...form.getInputProps('mime_type')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('extensions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
