import { Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SessionUser } from '@brandvault/contract';
import { UpdateProfileBody, fieldText } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../ui/PasswordField';
import { PersonField } from '../../ui/PersonField';
import { initialCountry } from '../../ui/form/CountrySelect';
import { currentLang } from '../../i18n';
import { applyFieldErrors, blankToNull, validateWith } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { notifyUpdateError, useUpdateProfile } from './api';

function initial(user: SessionUser) {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    company: user.company ?? '',
    country: initialCountry(user.country),
    phone: user.phone ?? '',
    position: user.position ?? '',
    current_password: '',
  };
}
type Values = ReturnType<typeof initial>;

function toBody(v: Values, user: SessionUser) {
  // The current password goes only with a new e-mail address, which is the one change that needs it.
  const emailChanged = v.email.trim().toLowerCase() !== user.email;
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    ...(emailChanged ? { current_password: v.current_password } : {}),
    company: blankToNull(v.company),
    country: blankToNull(v.country),
    phone: blankToNull(v.phone),
    position: blankToNull(v.position),
  };
}

export function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: initial(user),
    validate: (v) => {
      const errors = validateWith(UpdateProfileBody, toBody(v, user));
      if ('current_password' in toBody(v, user) && !v.current_password)
        errors.current_password = fieldText(currentLang(), 'required', { path: 'current_password' });
      return errors;
    },
  });
  const emailChanged = form.values.email.trim().toLowerCase() !== user.email;

  const submit = form.onSubmit((values) => {
    update.mutate(toBody(values, user), {
      onSuccess: (answer) => {
        form.setValues(initial(answer.session_user));
        form.resetDirty(initial(answer.session_user));
        notifySuccess(t('profile.savedTitle'), t('profile.saved'));
      },
      onError: (error) => {
        applyFieldErrors(form, error);
        notifyUpdateError(error);
      },
    });
  });

  return (
    <Card component="section" aria-labelledby="profile-details">
      <Title order={2} fz="md" id="profile-details">
        {t('profile.detailsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.detailsSubtitle')}
      </Text>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PersonField field="first_name" input={form.getInputProps('first_name')} />
          <PersonField field="last_name" input={form.getInputProps('last_name')} />
          <PersonField field="email" input={form.getInputProps('email')} />
          {emailChanged && (
            <PasswordField
              label={t('fields.current_password')}
              name="current_password"
              autoComplete="current-password"
              required
              description={t('profile.emailPasswordHint')}
              {...form.getInputProps('current_password')}
            />
          )}
          <PersonField field="phone" input={form.getInputProps('phone')} />
          <PersonField field="company" input={form.getInputProps('company')} />
          <PersonField field="position" input={form.getInputProps('position')} />
          <PersonField field="country" input={form.getInputProps('country')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('profile.save')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
