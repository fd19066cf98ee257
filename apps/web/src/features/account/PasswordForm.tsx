import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ERROR_CATALOGUE, UpdatePasswordBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { ApiError } from '../../api/errors';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { currentLang } from '../../i18n';
import { useUpdatePassword } from './api';
import { PasswordField } from '../../ui/PasswordField';

const empty = { current_password: '', password: '', password_confirmation: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const form = useForm({ initialValues: empty, validate: (v) => validateWith(UpdatePasswordBody, v) });

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifySuccess(t('profile.passwordSavedTitle'), t('profile.passwordSaved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'WRONG_CURRENT_PASSWORD') {
          // Spec §8 names this error "Wrong current password": shown where the mistake is.
          form.setFieldError('current_password', ERROR_CATALOGUE[currentLang()].WRONG_CURRENT_PASSWORD.title);
          notifyError(error);
          return;
        }
        applyFieldErrors(form, error);
        notifyError(error);
      },
    });
  });

  return (
    <Card component="section" aria-labelledby="profile-password">
      <Title order={2} fz="md" id="profile-password">
        {t('profile.passwordTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.passwordSubtitle')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordField
            label={t('fields.current_password')}
            name="current_password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields
            label={t('fields.new_password')}
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={update.isPending}>
            {t('profile.changePassword')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
