import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown this once: the person copies or downloads them before going on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'brandvault-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} />} title={t('twoFactor.codesTitle')}>
        {t('twoFactor.codesHint')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label={t('twoFactor.codesTitle')} m={0} p={0}>
        {codes.map((c) => (
          <Text
            key={c}
            component="li"
            ff="monospace"
            size="sm"
            style={{ listStyle: 'none' }}
            data-testid="recovery-code"
          >
            {c}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs" wrap="wrap">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={download}>
          {t('twoFactor.download')}
        </Button>
        <Button size="xs" ml="auto" onClick={onDone}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
