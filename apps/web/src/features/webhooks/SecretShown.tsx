import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A signing secret, shown this once with a copy button: the server keeps no way to show it again. */
export function SecretShown({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconKey size={18} />} title={t('webhooks.secret.title')}>
        {t('webhooks.secret.once')}
      </Alert>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
          {secret}
        </Code>
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')} withArrow>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t('webhooks.secret.copy')}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('webhooks.secret.verify')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('webhooks.secret.done')}</Button>
      </Group>
    </Stack>
  );
}
