import {
  Alert,
  Button,
  Divider,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { LANGS } from '@brandvault/contract';
import type { Lang, Status } from '@brandvault/contract';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepLocked } from './grantOptions';
import type { GrantOptions } from './grantOptions';
import { PermissionPicker } from './PermissionPicker';
import { REQUIRED_TEXT, TEXT_FIELDS } from './userFormValues';
import type { UserFormValues } from './userFormValues';

interface Props {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  options: GrantOptions;
  /** The status is not the caller's to change here (their own account). */
  statusNote?: string;
  /** Why the roles, permissions and brands are locked, when they all are. */
  accessNote?: string;
  /** Field errors from the server, by field (`roles.0` names an element of roles). */
  fields: Record<string, string>;
  /** Shown above the actions (the brands could not be loaded). */
  notice?: ReactNode;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: UserFormValues) => void;
  onCancel: () => void;
}

/**
 * users.create and users.edit: personal fields, language and status, roles and brands, and direct
 * permissions grouped by area. Only `options` is offered (what the caller may grant); the server
 * judges the request by the same rules and its field errors show under each field.
 */
export function UserForm(p: Props) {
  const { t } = useTranslation();
  const [v, setV] = useState(p.initial);
  const set = (patch: Partial<UserFormValues>) => setV((old) => ({ ...old, ...patch }));
  const fieldError = (k: string) => Object.entries(p.fields).find(([f]) => f === k || f.startsWith(`${k}.`))?.[1];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    p.onSubmit(v);
  };
  const { locked } = p.options;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('users.form.detailsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TEXT_FIELDS.map((k) => (
              <TextInput
                key={k}
                label={t(`fields.${k}`)}
                required={REQUIRED_TEXT.includes(k)}
                type={k === 'email' ? 'email' : 'text'}
                value={v.text[k]}
                onChange={(e) => set({ text: { ...v.text, [k]: e.currentTarget.value } })}
                error={fieldError(k)}
              />
            ))}
            {p.mode === 'create' && (
              <>
                <PasswordInput
                  label={t('fields.password')}
                  required
                  value={v.password}
                  onChange={(e) => set({ password: e.currentTarget.value })}
                  error={fieldError('password')}
                  description={t('auth.passwordHint')}
                />
                <PasswordInput
                  label={t('fields.password_confirmation')}
                  required
                  value={v.password_confirmation}
                  onChange={(e) => set({ password_confirmation: e.currentTarget.value })}
                  error={fieldError('password_confirmation')}
                />
              </>
            )}
            <Select
              label={t('fields.lang')}
              data={LANGS.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              value={v.lang}
              onChange={(x) => x && set({ lang: x as Lang })}
              allowDeselect={false}
              error={fieldError('lang')}
            />
            <Select
              label={t('users.columns.status')}
              data={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({
                value: s,
                label: t(`users.status.${s.toLowerCase()}`),
              }))}
              value={v.status}
              onChange={(x) => x && set({ status: x as Status })}
              allowDeselect={false}
              disabled={!!p.statusNote}
              description={p.statusNote}
              error={fieldError('status')}
            />
          </SimpleGrid>
        </Stack>
        <Divider />
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('users.form.accessTitle')}
          </Title>
          {p.accessNote && (
            <Alert variant="light" color="gray" p="xs">
              {p.accessNote}
            </Alert>
          )}
          <MultiSelect
            label={t('users.form.roles')}
            required
            data={p.options.roles}
            value={v.roles}
            onChange={(roles) => set({ roles: keepLocked(roles, locked.roles) })}
            error={fieldError('roles')}
          />
          <MultiSelect
            label={t('users.form.brands')}
            description={t('users.approveBrandsHint')}
            searchable
            data={p.options.brands}
            value={v.brands}
            onChange={(brands) => set({ brands: keepLocked(brands, locked.brands) })}
            error={fieldError('brands')}
          />
          <PermissionPicker
            choices={p.options.permissions}
            locked={locked.permissions}
            value={v.permissions}
            onChange={(permissions) => set({ permissions })}
            error={fieldError('permissions')}
          />
        </Stack>
        {p.notice}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={p.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={p.pending}>
            {p.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
