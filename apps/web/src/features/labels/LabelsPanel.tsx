import { ActionIcon, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { AssetLabel, AssetLabels } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { useAssetLabels, useDecideLabel } from './api';
import { labelName } from './labelName';

const percent = (score: number) => Math.round(score * 100);

/**
 * The asset page's "Suggested tags" (issue 42 §2): objects and scenes the model found, kept apart
 * from keywords. Editors accept one into keywords or reject it; others see a read-only list.
 */
export function LabelsPanel({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const query = useAssetLabels(assetId);
  const labels = query.data?.labels;
  const editor = !!labels?.can_decide;
  return (
    <Card component="section" aria-labelledby="asset-labels" withBorder>
      <Title order={2} fz="md" id="asset-labels" mb="sm">
        {editor || !labels ? t('labels.title') : t('labels.detected')}
      </Title>
      {!labels ? (
        <Text size="sm" c="dimmed">
          {query.isError ? t('labels.loadFailed') : t('labels.loading')}
        </Text>
      ) : (
        <Body labels={labels} assetId={assetId} />
      )}
    </Card>
  );
}

function Body({ labels, assetId }: { labels: AssetLabels; assetId: number }) {
  const { t, i18n } = useTranslation();
  if (labels.state !== 'done')
    return (
      <Text size="sm" c="dimmed">
        {t(`labels.state.${labels.state}`)}
      </Text>
    );
  const suggested = labels.items.filter((l) => l.state === 'suggested');
  const accepted = labels.items.filter((l) => l.state === 'accepted');
  if (!labels.can_decide) return labels.items.length ? <Chips items={labels.items} /> : <None />;
  return (
    <Stack gap="sm">
      {suggested.length ? (
        <Group gap="xs" role="list" aria-label={t('labels.title')}>
          {suggested.map((l) => (
            <Suggestion key={l.key} label={l} assetId={assetId} />
          ))}
        </Group>
      ) : (
        <None />
      )}
      {accepted.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('labels.accepted', { names: accepted.map((l) => labelName(l, i18n.language)).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}

function None() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('labels.none')}
    </Text>
  );
}

/** Read-only chips "dog 92 %". */
function Chips({ items }: { items: AssetLabel[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" role="list" aria-label={t('labels.detected')}>
      {items.map((l) => (
        <Badge key={l.key} role="listitem" variant="light" tt="none">
          {t('labels.chip', { name: labelName(l, i18n.language), score: percent(l.score) })}
        </Badge>
      ))}
    </Group>
  );
}

/** One suggestion with ✓ Accept and × Reject, each a labelled button reachable by keyboard. */
function Suggestion({ label, assetId }: { label: AssetLabel; assetId: number }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideLabel(assetId);
  const name = labelName(label, i18n.language);
  const run = (accept: boolean) => decide.mutate({ label: label.key, accept }, { onError: (err) => notifyError(err) });
  return (
    <Group
      role="listitem"
      gap={4}
      wrap="nowrap"
      px={8}
      py={2}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 16 }}
    >
      <Text size="sm">{t('labels.chip', { name, score: percent(label.score) })}</Text>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="green"
        aria-label={t('labels.accept', { name })}
        title={t('labels.accept', { name })}
        loading={decide.isPending && decide.variables?.accept === true}
        disabled={decide.isPending}
        onClick={() => run(true)}
      >
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        aria-label={t('labels.reject', { name })}
        title={t('labels.reject', { name })}
        loading={decide.isPending && decide.variables?.accept === false}
        disabled={decide.isPending}
        onClick={() => run(false)}
      >
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}
