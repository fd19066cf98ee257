import { useState } from 'react';
import { Anchor, Button, Select, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PersonField } from '../../ui/PersonField';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Link } from 'react-router';
import { LANGS, RegisterBody } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { applyFieldErrors, blankToNull, validateWith } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { currentLang } from '../../i18n';
import { AuthHeading } from '../../ui/AuthHeading';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useRegister } from './api';
import { usePageTitle } from '../../ui/usePageTitle';

const empty = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
  company: '',
  country: '',
  phone: '',
  position: '',
};

export default function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.register.title'));
  const register = useRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { ...empty, lang: currentLang() as Lang },
    validate: (values) => validateWith(RegisterBody, toBody(values)),
  });

  const submit = form.onSubmit((values) => {
    register.mutate(toBody(values), {
      onSuccess: () => {
        setSentTo(values.email.trim());
        notifySuccess(t('auth.register.doneTitle'), t('auth.register.doneToast'));
      },
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  if (sentTo) {
    return (
      <Stack align="center" ta="center" gap="sm" role="status">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
          <IconMailCheck size={30} stroke={1.6} />
        </ThemeIcon>
        <AuthHeading title={t('auth.register.doneTitle')} />
        <Text size="sm">{t('auth.register.checkEmail', { email: sentTo })}</Text>
        <Text size="sm" c="dimmed">
          {t('auth.register.awaitApproval')}
        </Text>
        <Button component={Link} to="/login" variant="light" mt="sm">
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('auth.register.title')} description={t('auth.register.subtitle')} />
      <ErrorAlert error={register.error} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PersonField field="first_name" input={form.getInputProps('first_name')} />
          <PersonField field="last_name" input={form.getInputProps('last_name')} />
        </SimpleGrid>
        <PersonField field="email" input={form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NewPasswordFields
            label={t('fields.password')}
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PersonField field="company" input={form.getInputProps('company')} />
          <PersonField field="position" input={form.getInputProps('position')} />
          <PersonField field="country" input={form.getInputProps('country')} />
          <PersonField field="phone" input={form.getInputProps('phone')} />
        </SimpleGrid>
        <Select
          label={t('fields.lang')}
          name="lang"
          data={LANGS.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          {...form.getInputProps('lang')}
        />
        <Button type="submit" fullWidth loading={register.isPending} mt="xs">
          {t('auth.register.submit')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.register.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

function toBody(v: typeof empty & { lang: Lang }) {
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    password: v.password,
    password_confirmation: v.password_confirmation,
    company: blankToNull(v.company),
    country: blankToNull(v.country),
    phone: blankToNull(v.phone),
    position: blankToNull(v.position),
    lang: v.lang,
  };
}
