import { Alert, Button, Stack } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import type { AuditVerify } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import type { useAuditVerify } from './api';

export function AuditVerifyButton({ verify }: { verify: ReturnType<typeof useAuditVerify> }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      leftSection={<IconShieldCheck size={16} />}
      loading={verify.isPending}
      onClick={() => verify.mutate()}
    >
      {t('audit.verify.button')}
    </Button>
  );
}

/** The outcome of the last check, under the page header. */
export function AuditVerifyResult({ result }: { result: AuditVerify }) {
  const { t } = useTranslation();
  if (result.ok)
    return (
      <Alert
        mb="md"
        color="green"
        icon={<IconShieldCheck size={18} />}
        title={t('audit.verify.okTitle')}
        data-testid="audit-verify"
      >
        <Stack gap={2}>
          <span>{t('audit.verify.ok', { count: result.entries })}</span>
          <span>{result.keyed ? t('audit.verify.keyed') : t('audit.verify.notKeyed')}</span>
          <span>{t('audit.verify.checkpoints', { count: result.checkpoints })}</span>
        </Stack>
      </Alert>
    );
  const b = result.broken!;
  return (
    <Alert
      mb="md"
      color="red"
      icon={<IconShieldX size={18} />}
      title={t('audit.verify.brokenTitle')}
      data-testid="audit-verify"
    >
      <Stack gap={2}>
        <span>{t(`audit.verify.problem.${b.problem}`, { seq: b.seq })}</span>
        <span>{t('audit.verify.whatToDo')}</span>
      </Stack>
    </Alert>
  );
}
