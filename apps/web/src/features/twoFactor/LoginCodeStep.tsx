import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginCodeBody } from '@brandvault/contract';
import type { LoginAnswer } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { useLoginCode } from './api';

export type SignedIn = Extract<LoginAnswer, { token: string }>;

/** The sign-in step after a right password: a code from the app, or one recovery code. */
export function LoginCodeStep({
  challenge,
  onSignedIn,
  onRestart,
  onError,
}: {
  challenge: string;
  onSignedIn: (answer: SignedIn) => void;
  onRestart: () => void;
  /** A refusal that is not about the code (too many tries, an expired step), shown by the page. */
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const send = useLoginCode();
  const [recovery, setRecovery] = useState(false);
  const field = recovery ? 'recovery_code' : 'code';
  const form = useForm({
    initialValues: { code: '', recovery_code: '' },
    validate: (v) => validateWith(LoginCodeBody, { challenge, [field]: v[field] }),
  });
  const submit = form.onSubmit((v) => {
    onError(null);
    send.mutate(
      { challenge, [field]: v[field] },
      {
        onSuccess: onSignedIn,
        onError: (e) => {
          const aboutCode = e instanceof ApiError && e.fields && (e.fields.code || e.fields.recovery_code);
          if (aboutCode) applyFieldErrors(form, e);
          else onError(e);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{recovery ? t('twoFactor.loginRecoveryHint') : t('twoFactor.loginCodeHint')}</Text>
        {recovery ? (
          <TextInput
            key="recovery"
            label={t('twoFactor.recoveryLabel')}
            autoComplete="off"
            autoFocus
            required
            {...form.getInputProps('recovery_code')}
          />
        ) : (
          <TextInput
            key="code"
            label={t('twoFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
            {...form.getInputProps('code')}
          />
        )}
        <Button type="submit" fullWidth loading={send.isPending}>
          {t('twoFactor.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
            {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            {t('twoFactor.restart')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
