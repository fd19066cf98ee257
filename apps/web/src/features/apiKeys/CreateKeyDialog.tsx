import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { API_KEY_NAME_MAX } from '@brandvault/contract';
import type { ApiKeyCreated, PermissionName } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../state/session';
import { useCreateApiKey } from './api';
import { ScopeChecklist } from './ScopeChecklist';
import { SecretShown } from './SecretShown';

/** How long a new key lasts; "never" is allowed with a warning. */
const EXPIRY = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRY)[number];

interface Values {
  name: string;
  expiry: Expiry;
  scopes: PermissionName[];
}

/** A new key: name, expiry and scopes; once made, its secret is shown once to copy. */
export function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<ApiKeyCreated | null>(null);
  const close = () => {
    setMade(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={made ? t('apiKeys.secret.title') : t('apiKeys.form.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened &&
        (made ? (
          <SecretShown name={made.api_key.name} secret={made.secret} onDone={close} />
        ) : (
          <KeyForm onMade={setMade} onCancel={close} />
        ))}
    </Modal>
  );
}

function KeyForm({ onMade, onCancel }: { onMade: (k: ApiKeyCreated) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const held = useSession((s) => s.permissions).map((p) => p.name);
  const create = useCreateApiKey();
  const form = useForm<Values>({
    initialValues: { name: '', expiry: '90', scopes: [] },
    validate: {
      name: (v) => (v.trim() ? null : t('apiKeys.form.nameRequired')),
      scopes: (v) => (v.length ? null : t('apiKeys.form.scopesRequired')),
    },
  });
  const submit = form.onSubmit((v) =>
    create.mutate(
      {
        name: v.name.trim(),
        expires_at: v.expiry === 'never' ? null : new Date(Date.now() + Number(v.expiry) * 86_400_000).toISOString(),
        scopes: v.scopes,
      },
      {
        onSuccess: onMade,
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('apiKeys.form.name')}
          description={t('apiKeys.form.nameHint')}
          maxLength={API_KEY_NAME_MAX}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select
          label={t('apiKeys.form.expiry')}
          data={EXPIRY.map((e) => ({ value: e, label: t(`apiKeys.expiry.${e}`) }))}
          allowDeselect={false}
          {...form.getInputProps('expiry')}
          error={form.errors.expiry ?? form.errors.expires_at}
        />
        {form.values.expiry === 'never' && (
          <Alert color="orange" icon={<IconAlertTriangle size={16} />} title={t('apiKeys.form.neverTitle')}>
            {t('apiKeys.form.never')}
          </Alert>
        )}
        <ScopeChecklist
          held={held}
          value={form.values.scopes}
          onChange={(scopes) => form.setFieldValue('scopes', scopes)}
          error={typeof form.errors.scopes === 'string' ? form.errors.scopes : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('apiKeys.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
