import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SHARE_DEFAULT_EXPIRY,
  SHARE_EXPIRY_AMOUNT_MAX,
  SHARE_EXPIRY_UNITS,
  ShareLinkUpdateBody,
  fieldText,
} from '@brandvault/contract';
import type { ShareExpiryUnit, ShareLink } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { currentLang } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { useUpdateShareLink } from './api';
import type { ShareLinkUpdate } from './api';

interface Values {
  expiry_unit: ShareExpiryUnit;
  /** NumberInput answers '' while the box is empty. */
  expiry_amount: number | string;
}

function toBody(v: Values): ShareLinkUpdate {
  if (v.expiry_unit === 'never') return { expiry_unit: 'never' };
  return {
    expiry_unit: v.expiry_unit,
    ...(typeof v.expiry_amount === 'number' ? { expiry_amount: v.expiry_amount } : {}),
  };
}

/** §3 Share settings: a new lifetime for a link, counted from now; "never" takes no amount. */
export function ExpiryModal({ link, onClose }: { link: ShareLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('shareLinks.expiry.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {link && <ExpiryForm key={link.id} link={link} onDone={onClose} />}
    </Modal>
  );
}

function ExpiryForm({ link, onDone }: { link: ShareLink; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateShareLink();
  const form = useForm<Values>({
    initialValues: { expiry_unit: SHARE_DEFAULT_EXPIRY.unit, expiry_amount: SHARE_DEFAULT_EXPIRY.amount },
    validate: (v) => {
      const body = toBody(v);
      const errors = validateWith(ShareLinkUpdateBody, body);
      // The server would count a missing amount as 1; the form asks for it instead.
      if (v.expiry_unit !== 'never' && body.expiry_amount === undefined)
        errors.expiry_amount = fieldText(currentLang(), 'required', { path: 'expiry_amount' });
      return errors;
    },
  });
  const never = form.values.expiry_unit === 'never';

  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: link.id, body: toBody(values) },
      {
        onSuccess: ({ share_link }) => {
          notifySuccess(
            t('shareLinks.expiry.doneTitle'),
            share_link.expires_at
              ? t('shareLinks.expiry.done', {
                  name: share_link.resource_name,
                  date: formatDateTime(share_link.expires_at),
                })
              : t('shareLinks.expiry.doneNever', { name: share_link.resource_name }),
          );
          onDone();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('shareLinks.expiry.hint', { name: link.resource_name })}
        </Text>
        <Group grow align="flex-start" gap="sm">
          <Select
            label={t('shareLinks.expiry.unit')}
            data={SHARE_EXPIRY_UNITS.map((u) => ({ value: u, label: t(`shareLinks.expiry.units.${u}`) }))}
            allowDeselect={false}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('expiry_unit')}
          />
          {!never && (
            <NumberInput
              label={t('shareLinks.expiry.amount')}
              required
              min={1}
              max={SHARE_EXPIRY_AMOUNT_MAX}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('expiry_amount')}
            />
          )}
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('shareLinks.expiry.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
