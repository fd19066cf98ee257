import { Alert, Anchor, Badge, Button, Card, Group, Slider, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconFaceId, IconRefresh } from '@tabler/icons-react';
import type { AnalysisAnswer, AnalysisKindName, AnalysisSettingsBody } from '@brandvault/contract';
import { OBJECT_THRESHOLD_MAX, OBJECT_THRESHOLD_MIN } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../i18n/format';
import { ScrollTable } from '../../ui/ScrollTable';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAnalysisBackfill, useBrandAnalysis, useSaveBrandAnalysis } from './api';

const SWITCHED = ['text', 'objects', 'colours'] as const;
const COUNTS = ['done', 'pending', 'failed', 'skipped'] as const;

/**
 * The selected brand's smart search settings (issue 42 §6), a section of the brand settings page
 * (guard: brand.manage): which analyses run, the objects' threshold, how far each got, and the
 * backfill of existing files.
 */
export function SmartSearch({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const q = useBrandAnalysis(brandId);
  if (q.isPending) return <Text c="dimmed">{t('analysis.loading')}</Text>;
  if (q.isError)
    return (
      <Alert color="red" title={t('analysis.loadFailed')}>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void q.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  return (
    <Stack gap="lg">
      <SettingsForm key={JSON.stringify(q.data.settings)} brandId={brandId} answer={q.data} />
      <StatusCard brandId={brandId} answer={q.data} />
    </Stack>
  );
}

function SettingsForm({ brandId, answer }: { brandId: number; answer: AnalysisAnswer }) {
  const { t } = useTranslation();
  const saved = answer.settings;
  const [form, setForm] = useState<AnalysisSettingsBody>({
    text: saved.text,
    objects: saved.objects,
    colours: saved.colours,
    object_threshold: saved.object_threshold,
  });
  const save = useSaveBrandAnalysis(brandId);
  const installed = (k: AnalysisKindName) => answer.installation.includes(k);
  const dirty = SWITCHED.some((k) => form[k] !== saved[k]) || form.object_threshold !== saved.object_threshold;
  const submit = () =>
    save.mutate(form, {
      onSuccess: () => notifySuccess(t('analysis.title'), t('analysis.saved')),
      onError: (err) => notifyError(err),
    });
  return (
    <Card withBorder component="section" aria-labelledby="analysis-switches">
      <Title order={2} fz="md" mb="sm" id="analysis-switches">
        {t('analysis.switches')}
      </Title>
      <Stack gap="md">
        {SWITCHED.map((k) => (
          <Switch
            key={k}
            checked={installed(k) && form[k]}
            disabled={!installed(k)}
            onChange={(e) => setForm({ ...form, [k]: e.currentTarget.checked })}
            label={t(`analysis.kind.${k}`)}
            description={installed(k) ? t(`analysis.about.${k}`) : t('analysis.notInstalled')}
          />
        ))}
        <div>
          <Text size="sm" fw={500} id="analysis-threshold">
            {t('analysis.threshold')}
          </Text>
          <Text size="xs" c="dimmed" mb={8}>
            {t('analysis.thresholdAbout')}
          </Text>
          <Slider
            thumbLabel={t('analysis.threshold')}
            min={OBJECT_THRESHOLD_MIN * 100}
            max={OBJECT_THRESHOLD_MAX * 100}
            step={5}
            value={Math.round(form.object_threshold * 100)}
            onChange={(v) => setForm({ ...form, object_threshold: v / 100 })}
            disabled={!installed('objects') || !form.objects}
            label={(v) => `${v} %`}
            marks={[25, 50, 75].map((v) => ({ value: v, label: `${v} %` }))}
            mb="lg"
          />
        </div>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconFaceId size={18} aria-hidden />
            <Text size="sm">{t('analysis.kind.faces')}</Text>
            <Badge variant="light" color={saved.faces && installed('faces') ? 'teal' : 'gray'}>
              {saved.faces && installed('faces') ? t('analysis.on') : t('analysis.off')}
            </Badge>
          </Group>
          <Anchor component={Link} to="/brand/people" size="sm">
            {t('analysis.managePeople')}
          </Anchor>
        </Group>
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!dirty} loading={save.isPending}>
            {t('analysis.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function StatusCard({ brandId, answer }: { brandId: number; answer: AnalysisAnswer }) {
  const { t } = useTranslation();
  const backfill = useAnalysisBackfill(brandId);
  const start = () =>
    backfill.mutate(undefined, {
      onSuccess: (r) => notifySuccess(t('analysis.backfill'), t('analysis.backfillStarted', { count: r.total })),
      onError: (err) => notifyError(err),
    });
  return (
    <Card withBorder component="section" aria-labelledby="analysis-status">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="md" id="analysis-status">
          {t('analysis.status')}
        </Title>
        <Button size="xs" variant="light" onClick={start} loading={backfill.isPending}>
          {t('analysis.backfill')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {t('analysis.backfillAbout')}
      </Text>
      <ScrollTable minWidth={360} label={t('analysis.status')}>
        <Table aria-labelledby="analysis-status">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analysis.analysis')}</Table.Th>
              {COUNTS.map((c) => (
                <Table.Th key={c} ta="right">
                  {t(`analysis.count.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.analyses.map((a) => (
              <Table.Tr key={a.kind}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{t(`analysis.kind.${a.kind}`)}</Text>
                    {!a.running && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('analysis.off')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {COUNTS.map((c) => (
                  <Table.Td key={c} ta="right">
                    {formatNumber(a[c])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Card>
  );
}
