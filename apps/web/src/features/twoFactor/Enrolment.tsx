import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TwoFactorCodeBody } from '@brandvault/contract';
import type { TwoFactorEnrolment } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';

/**
 * Turning two-factor on: the QR code and the secret for typing by hand, then the first code from
 * the app, which `onConfirm` sends; a refusal's field message goes under the code.
 */
export function Enrolment({
  enrolment,
  pending,
  onConfirm,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  pending: boolean;
  onConfirm: (code: string, fail: (error: unknown) => boolean) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { code: '' }, validate: (v) => validateWith(TwoFactorCodeBody, v) });
  const submit = form.onSubmit((v) => onConfirm(v.code, (e) => applyFieldErrors(form, e)));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Image src={enrolment.qr} alt={t('twoFactor.qrAlt')} w={180} h={180} fit="contain" bg="white" />
        <Text size="sm" c="dimmed">
          {t('twoFactor.typeSecret')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
            {enrolment.secret}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button variant="subtle" size="compact-xs" onClick={copy}>
                {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <TextInput
          label={t('twoFactor.codeLabel')}
          description={t('twoFactor.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maw={220}
          required
          {...form.getInputProps('code')}
        />
        <Group gap="xs">
          <Button type="submit" loading={pending}>
            {t('twoFactor.confirm')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
