import { ActionIcon, Alert, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A key's secret, shown once after creation or rotation, with a copy button. */
export function SecretShown({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title={t('apiKeys.secret.onceTitle')}>
        {t('apiKeys.secret.once', { name })}
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={secret}
          readOnly
          aria-label={t('apiKeys.secret.label')}
          style={{ flex: 1, minWidth: 0 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="api-key-secret"
        />
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('apiKeys.secret.copied') : t('apiKeys.secret.copy')} withArrow>
              <ActionIcon
                variant="light"
                size="lg"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={t('apiKeys.secret.copy')}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('apiKeys.secret.usage')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('apiKeys.secret.done')}</Button>
      </Group>
    </Stack>
  );
}
