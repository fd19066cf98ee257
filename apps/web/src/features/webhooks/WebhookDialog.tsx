import { Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_EVENTS, WebhookBody } from '@brandvault/contract';
import type { Webhook, WebhookEvent } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../ui/form/FormActions';
import { FormModal } from '../../ui/form/FormModal';
import { useSaveWebhook } from './api';
import { SecretShown } from './SecretShown';

interface Props {
  brandId: number;
  /** null: closed; 'new': a new subscription; a row: change it. */
  editing: Webhook | 'new' | null;
  onClose: () => void;
}

/** Subscribes an address to events of the brand (then shows its secret once), or changes one. */
export function WebhookDialog({ brandId, editing, onClose }: Props) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  const title = secret
    ? t('webhooks.secret.title')
    : t(editing && editing !== 'new' ? 'webhooks.dialog.editTitle' : 'webhooks.dialog.addTitle');
  return (
    <FormModal opened={editing !== null} onClose={close} title={title} size="lg">
      {() =>
        secret ? (
          <SecretShown secret={secret} onDone={close} />
        ) : (
          <WebhookForm
            brandId={brandId}
            row={editing === 'new' ? null : editing}
            onSaved={(s) => (s ? setSecret(s) : close())}
            onCancel={close}
          />
        )
      }
    </FormModal>
  );
}

function WebhookForm(props: {
  brandId: number;
  row: Webhook | null;
  onSaved: (secret: string | undefined) => void;
  onCancel: () => void;
}) {
  const { brandId, row, onSaved, onCancel } = props;
  const { t } = useTranslation();
  const save = useSaveWebhook();
  const form = useForm({
    initialValues: {
      url: row?.url ?? 'https://',
      description: row?.description ?? '',
      events: (row?.events ?? []) as WebhookEvent[],
    },
  });
  const submit = form.onSubmit((v) => {
    const body = { brand_id: brandId, ...v, url: v.url.trim() };
    const errors = validateWith(WebhookBody, body);
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.mutate(
      { id: row?.id, body },
      {
        onSuccess: (r) => {
          notifySuccess(t('webhooks.savedTitle'), t('webhooks.saved', { url: r.webhook.url }));
          onSaved(r.secret);
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('webhooks.fields.url')}
          description={t('webhooks.fields.urlHint')}
          required
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput label={t('webhooks.fields.description')} {...form.getInputProps('description')} />
        <Checkbox.Group label={t('webhooks.fields.events')} required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(`webhooks.events.${e}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormActions onCancel={onCancel}>
          <Button type="submit" loading={save.isPending}>
            {t(row ? 'webhooks.save' : 'webhooks.create')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
