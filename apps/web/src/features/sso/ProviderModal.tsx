import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ProviderView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../ui/form/FormActions';
import { FormHint } from '../../ui/form/FormHint';
import { FormModal } from '../../ui/form/FormModal';
import { useBrandChoices, useCreateProvider, useSsoRoles, useUpdateProvider } from './api';

type Rule = { value: string; roles: string[]; brands: string[] };

/** Adds a provider, or edits one (its secret is never shown: an empty field keeps it). */
export function ProviderModal({
  provider,
  onClose,
}: {
  provider: ProviderView | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={provider !== undefined}
      onClose={onClose}
      title={provider ? t('sso.admin.editTitle', { label: provider.label }) : t('sso.admin.addTitle')}
      size="lg"
    >
      {() => <ProviderForm provider={provider ?? null} onDone={onClose} />}
    </FormModal>
  );
}

function ProviderForm({ provider, onDone }: { provider: ProviderView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const roles = useSsoRoles(true).data?.data.map((r) => r.name) ?? [];
  const brands = useBrandChoices().data?.items.map((b) => ({ value: String(b.id), label: b.name })) ?? [];
  const fromEnv = provider?.from_env ?? false;
  const form = useForm({
    initialValues: {
      label: provider?.label ?? '',
      issuer: provider?.issuer ?? '',
      client_id: provider?.client_id ?? '',
      client_secret: '',
      scopes: provider?.scopes ?? 'openid email profile',
      allow_signup: provider?.allow_signup ?? false,
      allowed_domains: provider?.allowed_domains ?? [],
      preapproved_domains: provider?.preapproved_domains ?? [],
      enabled: provider?.enabled ?? true,
      claim: provider?.claim_mapping?.claim ?? 'groups',
      rules: (provider?.claim_mapping?.rules ?? []).map((r) => ({ ...r, brands: r.brands.map(String) })) as Rule[],
    },
  });

  const submit = form.onSubmit((v) => {
    const rules = v.rules.filter((r) => r.value.trim());
    const mapping = rules.length
      ? { claim: v.claim, rules: rules.map((r) => ({ value: r.value, roles: r.roles, brands: r.brands.map(Number) })) }
      : null;
    const settings = {
      label: v.label,
      issuer: v.issuer,
      client_id: v.client_id,
      ...(v.client_secret ? { client_secret: v.client_secret } : {}),
      scopes: v.scopes,
      allow_signup: v.allow_signup,
      allowed_domains: v.allowed_domains,
      preapproved_domains: v.preapproved_domains,
    };
    const body = { ...(fromEnv ? {} : settings), claim_mapping: mapping, enabled: v.enabled };
    const done = (p: ProviderView) => {
      notifySuccess(
        t('sso.admin.title'),
        t(p.status === 'unreachable' ? 'sso.admin.savedUnreachable' : 'sso.admin.saved'),
      );
      onDone();
    };
    const onError = (e: unknown) => {
      if (!applyFieldErrors(form, e)) notifyError(e);
    };
    if (provider) update.mutate({ id: provider.id, body }, { onSuccess: done, onError });
    else create.mutate({ ...settings, claim_mapping: mapping, enabled: v.enabled }, { onSuccess: done, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {fromEnv && <FormHint>{t('sso.admin.fromEnv')}</FormHint>}
        <TextInput
          label={t('sso.fields.label')}
          required
          disabled={fromEnv}
          data-autofocus
          {...form.getInputProps('label')}
        />
        <TextInput
          label={t('sso.fields.issuer')}
          placeholder="https://login.example.com/realms/acme"
          required
          disabled={fromEnv}
          {...form.getInputProps('issuer')}
        />
        <TextInput label={t('sso.fields.clientId')} required disabled={fromEnv} {...form.getInputProps('client_id')} />
        <PasswordInput
          label={t('sso.fields.clientSecret')}
          description={provider?.has_secret ? t('sso.fields.secretKept') : t('sso.fields.secretHint')}
          autoComplete="new-password"
          disabled={fromEnv}
          {...form.getInputProps('client_secret')}
        />
        <TextInput label={t('sso.fields.scopes')} disabled={fromEnv} {...form.getInputProps('scopes')} />
        <Switch
          label={t('sso.fields.allowSignup')}
          description={t('sso.fields.allowSignupHint')}
          disabled={fromEnv}
          {...form.getInputProps('allow_signup', { type: 'checkbox' })}
        />
        <TagsInput
          label={t('sso.fields.allowedDomains')}
          description={t('sso.fields.allowedDomainsHint')}
          disabled={fromEnv}
          {...form.getInputProps('allowed_domains')}
        />
        <TagsInput
          label={t('sso.fields.preapprovedDomains')}
          description={t('sso.fields.preapprovedDomainsHint')}
          disabled={fromEnv}
          {...form.getInputProps('preapproved_domains')}
        />
        <Text fw={600} size="sm" mt="sm">
          {t('sso.fields.mapping')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('sso.fields.mappingHint')}
        </Text>
        <TextInput label={t('sso.fields.claim')} {...form.getInputProps('claim')} />
        {form.values.rules.map((_, i) => (
          <Group key={i} align="flex-end" gap="xs" wrap="wrap">
            <TextInput label={t('sso.fields.claimValue')} w={150} {...form.getInputProps(`rules.${i}.value`)} />
            <MultiSelect
              label={t('sso.fields.roles')}
              data={roles}
              miw={150}
              style={{ flex: 1 }}
              {...form.getInputProps(`rules.${i}.roles`)}
            />
            <MultiSelect
              label={t('sso.fields.brands')}
              data={brands}
              miw={150}
              style={{ flex: 1 }}
              {...form.getInputProps(`rules.${i}.brands`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('sso.fields.removeRule')}
              onClick={() => form.removeListItem('rules', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('rules', { value: '', roles: [], brands: [] })}
          w="fit-content"
        >
          {t('sso.fields.addRule')}
        </Button>
        <Switch label={t('sso.fields.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <FormActions onCancel={onDone}>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
