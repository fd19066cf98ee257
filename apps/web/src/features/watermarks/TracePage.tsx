import { useState } from 'react';
import { Alert, Button, Card, Container, FileInput, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSearch, IconFingerprint, IconQuestionMark } from '@tabler/icons-react';
import type { WatermarkTrace } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDateTime } from '../../i18n/format';
import { useTraceFile } from './api';

/** Admin tool: reads the trace identifier of a leaked file back (route guard: role admin). */
export default function TracePage() {
  const { t } = useTranslation();
  usePageTitle(t('trace.title'));
  const trace = useTraceFile();
  const [file, setFile] = useState<File | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file && !code.trim()) return;
    setError(null);
    trace.mutate(
      { file, code: code.trim() },
      {
        onError: (err) => {
          if (!applyFieldErrors({ setErrors: (f) => setError(Object.values(f)[0] ?? null) }, err)) notifyError(err);
        },
      },
    );
  };
  return (
    <Container size="md" py="lg">
      <PageHeader title={t('trace.title')} description={t('trace.subtitle')} />
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md" component="form" onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label={t('trace.file')}
              placeholder={t('trace.filePlaceholder')}
              leftSection={<IconFileSearch size={16} />}
              value={file}
              onChange={(f) => {
                setFile(f);
                trace.reset();
              }}
              error={error}
              clearable
              style={{ flex: '1 1 240px' }}
            />
            <TextInput
              label={t('trace.codeInput')}
              description={t('trace.codeHelp')}
              placeholder="BV-XXXX-XXXX"
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                trace.reset();
              }}
              style={{ flex: '1 1 180px' }}
            />
            <Button type="submit" disabled={!file && !code.trim()} loading={trace.isPending}>
              {t('trace.submit')}
            </Button>
          </Group>
        </Card>
        {trace.data && <TraceResult result={trace.data} />}
      </Stack>
    </Container>
  );
}

function TraceResult({ result }: { result: WatermarkTrace }) {
  const { t } = useTranslation();
  if (!result.found || !result.trace)
    return (
      <Alert color="gray" icon={<IconQuestionMark size={18} />} title={t('trace.noneTitle')}>
        {t('trace.none')}
      </Alert>
    );
  const r = result.trace;
  const facts: [string, string][] = [
    ...(r.link
      ? ([
          [t('trace.link'), t('trace.linkValue', { id: r.link.id, name: r.link.name })],
          [t('trace.owner'), r.link.owner],
        ] as [string, string][])
      : []),
    ...(r.user ? ([[t('trace.user'), `${r.user.name} <${r.user.email}>`]] as [string, string][]) : []),
    ...(r.asset ? ([[t('trace.asset'), r.asset.name]] as [string, string][]) : []),
    [t('trace.when'), formatDateTime(r.created_at)],
    [t('trace.code'), r.code],
  ];
  return (
    <Alert
      color="teal"
      icon={<IconFingerprint size={18} />}
      title={`${t('trace.foundTitle')}: ${t(`trace.kind.${r.kind}`)}`}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {facts.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Alert>
  );
}
