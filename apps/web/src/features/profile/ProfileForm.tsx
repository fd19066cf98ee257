import { Button, Card, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SessionUser } from '@brandvault/contract';
import { UpdateProfileBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, blankToNull, validateWith } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { notifyUpdateError, useUpdateProfile } from './api';

function initial(user: SessionUser) {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    company: user.company ?? '',
    country: user.country ?? '',
    phone: user.phone ?? '',
    position: user.position ?? '',
  };
}
type Values = ReturnType<typeof initial>;

function toBody(v: Values) {
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    company: blankToNull(v.company),
    country: blankToNull(v.country),
    phone: blankToNull(v.phone),
    position: blankToNull(v.position),
  };
}

export function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({ initialValues: initial(user), validate: (v) => validateWith(UpdateProfileBody, toBody(v)) });

  const submit = form.onSubmit((values) => {
    update.mutate(toBody(values), {
      onSuccess: (answer) => {
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
          <TextInput
            label={t('fields.first_name')}
            name="first_name"
            autoComplete="given-name"
            required
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('fields.last_name')}
            name="last_name"
            autoComplete="family-name"
            required
            {...form.getInputProps('last_name')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('fields.phone')}
            type="tel"
            name="phone"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('fields.company')}
            name="company"
            autoComplete="organization"
            {...form.getInputProps('company')}
          />
          <TextInput
            label={t('fields.position')}
            name="position"
            autoComplete="organization-title"
            {...form.getInputProps('position')}
          />
          <TextInput
            label={t('fields.country')}
            name="country"
            autoComplete="country-name"
            {...form.getInputProps('country')}
          />
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
