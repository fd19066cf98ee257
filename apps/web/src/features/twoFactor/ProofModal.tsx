import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TwoFactorProofBody } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { PasswordField } from '../../ui/PasswordField';

/** Asks for the password or a current code before a change to two-factor (an open session is not enough). */
export function ProofModal({
  title,
  message,
  confirmLabel,
  danger,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (body: TwoFactorProofBody, fail: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'password' | 'code'>('password');
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: (v) => validateWith(TwoFactorProofBody, by === 'password' ? { password: v.password } : { code: v.code }),
  });
  const submit = form.onSubmit((v) =>
    onSubmit(by === 'password' ? { password: v.password } : { code: v.code }, (e) => {
      if (!applyFieldErrors(form, e)) notifyError(e);
    }),
  );
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          <SegmentedControl
            value={by}
            onChange={(v) => setBy(v as 'password' | 'code')}
            data={[
              { value: 'password', label: t('twoFactor.byPassword') },
              { value: 'code', label: t('twoFactor.byCode') },
            ]}
          />
          {by === 'password' ? (
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
          ) : (
            <TextInput
              label={t('twoFactor.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              {...form.getInputProps('code')}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
