import {
  Button,
  Container,
  Group,
  MultiSelect,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ERROR_CATALOGUE, LANGS, ROLES } from '@brandvault/contract';
import type { Lang, RoleName } from '@brandvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { PageHeader } from '../../app/components/PageHeader';
import { usePageTitle } from '../../app/components/usePageTitle';
import { notifyError, notifySuccess } from '../../app/notify';
import { currentLang } from '../../i18n';
import { useCan } from '../../state/access';
import { useMyBrands, userKeys } from './api';

/** Spec §8: the 429 "Too Many Attempts" notice is informational and stays 4500 ms. */
const RATE_NOTICE_MS = 4500;
const TEXT_FIELDS = ['first_name', 'last_name', 'email', 'company', 'country', 'phone', 'position'] as const;

/**
 * users.create: a new active user with roles and brands, offering only what the caller may grant
 * (the admin role to administrators, the caller's own brands); the server checks both again.
 */
export default function UserCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('users.createTitle'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isAdmin = useCan().role('admin');
  const brands = useMyBrands(true);
  const [text, setText] = useState<Record<string, string>>({});
  const [password, setPassword] = useState({ password: '', password_confirmation: '' });
  const [lang, setLang] = useState<Lang>('en');
  const [status, setStatus] = useState<'ACTIVE' | 'INACTIVE'>('ACTIVE');
  const [roles, setRoles] = useState<string[]>(['member']);
  const [brandIds, setBrandIds] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: () =>
      call(routes.userCreate, {
        body: {
          first_name: text.first_name ?? '',
          last_name: text.last_name ?? '',
          email: text.email ?? '',
          ...password,
          ...Object.fromEntries(['company', 'country', 'phone', 'position'].map((k) => [k, text[k] || null])),
          lang,
          status,
          roles: roles as RoleName[],
          brands: brandIds.map(Number),
        },
      }),
    onSuccess: ({ user }) => {
      void qc.invalidateQueries({ queryKey: userKeys.all });
      notifySuccess(t('users.createdTitle'), t('users.created', { name: `${user.first_name} ${user.last_name}` }));
      void navigate('/users');
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 429) {
        // Spec §8 fixes this notice's text in each language, whatever the server's wording.
        const { title, message } = ERROR_CATALOGUE[currentLang()].USER_UPDATE_TOO_MANY;
        notifications.show({ title, message, color: 'blue', autoClose: RATE_NOTICE_MS, withBorder: true });
      } else if (e instanceof ApiError && e.fields) setFields(e.fields);
      else notifyError(e);
    },
  });
  // The server names an element's field (`roles.0`) when one value is bad; show it on the input.
  const fieldError = (k: string) => Object.entries(fields).find(([f]) => f === k || f.startsWith(`${k}.`))?.[1];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    create.mutate();
  };

  return (
    <Container size="md" py="xl">
      <PageHeader title={t('users.createTitle')} description={t('users.createSubtitle')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {TEXT_FIELDS.map((k) => (
                <TextInput
                  key={k}
                  label={t(`fields.${k}`)}
                  required={k === 'first_name' || k === 'last_name' || k === 'email'}
                  type={k === 'email' ? 'email' : 'text'}
                  value={text[k] ?? ''}
                  onChange={(e) => setText({ ...text, [k]: e.currentTarget.value })}
                  error={fieldError(k)}
                />
              ))}
              <PasswordInput
                label={t('fields.password')}
                required
                value={password.password}
                onChange={(e) => setPassword({ ...password, password: e.currentTarget.value })}
                error={fieldError('password')}
                description={t('auth.passwordHint')}
              />
              <PasswordInput
                label={t('fields.password_confirmation')}
                required
                value={password.password_confirmation}
                onChange={(e) => setPassword({ ...password, password_confirmation: e.currentTarget.value })}
                error={fieldError('password_confirmation')}
              />
              <Select
                label={t('fields.lang')}
                data={LANGS.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                value={lang}
                onChange={(v) => v && setLang(v as Lang)}
                allowDeselect={false}
              />
              <Select
                label={t('users.columns.status')}
                data={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({
                  value: s,
                  label: t(`users.filter.${s.toLowerCase()}`),
                }))}
                value={status}
                onChange={(v) => v && setStatus(v as 'ACTIVE' | 'INACTIVE')}
                allowDeselect={false}
              />
            </SimpleGrid>
            <MultiSelect
              label={t('users.form.roles')}
              required
              data={ROLES.filter((r) => isAdmin || r !== 'admin').map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={roles}
              onChange={setRoles}
              error={fieldError('roles')}
            />
            <MultiSelect
              label={t('users.form.brands')}
              description={t('users.approveBrandsHint')}
              searchable
              data={(brands.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              value={brandIds}
              onChange={setBrandIds}
              error={fieldError('brands')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate('/users')}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('users.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
