import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ExtensionCreateBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../ui/form/FormActions';
import { FormHint } from '../../ui/form/FormHint';
import { FormModal } from '../../ui/form/FormModal';
import { useCreateExtension } from './api';

/** Adds one type to the upload allow-list; a type that can run code comes back with a warning. */
export function AddExtensionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('extensions.addTitle')}>
      {() => <AddForm onDone={onClose} />}
    </FormModal>
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
        <FormHint>{t('extensions.addHint')}</FormHint>
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
        <FormActions onCancel={onDone}>
          <Button type="submit" loading={create.isPending}>
            {t('extensions.add')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
