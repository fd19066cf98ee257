import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OrgNameBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { useSetOrgName } from './api';

/** Step 1: the organisation's name (the sign-in page shows it). */
export function OrgStep({ initial, onDone }: { initial: string; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetOrgName();
  const form = useForm({ initialValues: { name: initial }, validate: (v) => validateWith(OrgNameBody, v) });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: onDone,
      onError: (error) => void applyFieldErrors(form, error),
    }),
  );
  const failed = save.error && !Object.keys(form.errors).length ? save.error : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={failed} mb="0" />
        <TextInput
          label={t('setup.org.name')}
          description={t('setup.org.hint')}
          name="name"
          required
          data-autofocus
          autoComplete="organization"
          {...form.getInputProps('name')}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={onDone}>
            {t('setup.skipStep')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('setup.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
