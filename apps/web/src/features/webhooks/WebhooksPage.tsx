import { Alert, Badge, Button, Card, Container, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconKey,
  IconList,
  IconPencil,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import type { Webhook } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { confirm } from '../../ui/confirm/confirmStore';
import { FormModal } from '../../ui/form/FormModal';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useWebhookAction, useWebhooks } from './api';
import { Deliveries } from './Deliveries';
import { SecretShown } from './SecretShown';
import { WebhookDialog } from './WebhookDialog';

/** The selected brand's webhooks: where its events are sent, signed (route guard: asset.manage). */
export default function WebhooksPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.title'));
  const brand = useSession((s) => s.selectedBrand);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const list = useWebhooks(brand?.id ?? 0);
  if (!brand) return null;
  const items = list.data?.items ?? [];
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title={t('webhooks.title')}
        description={t('webhooks.subtitle', { brand: brand.name })}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('webhooks.add')}
          </Button>
        }
      />
      {list.isSuccess && !items.length && (
        <EmptyBlock
          icon={<IconWebhook size={28} stroke={1.6} />}
          title={t('webhooks.emptyTitle')}
          description={t('webhooks.empty')}
        />
      )}
      <Stack gap="md">
        {items.map((w) => (
          <WebhookCard key={w.id} webhook={w} onEdit={() => setEditing(w)} onRotated={setRotated} />
        ))}
      </Stack>
      <WebhookDialog brandId={brand.id} editing={editing} onClose={() => setEditing(null)} />
      <FormModal opened={rotated !== null} onClose={() => setRotated(null)} title={t('webhooks.secret.title')}>
        {() => <SecretShown secret={rotated!} onDone={() => setRotated(null)} />}
      </FormModal>
    </Container>
  );
}

function WebhookCard(props: { webhook: Webhook; onEdit: () => void; onRotated: (secret: string) => void }) {
  const { webhook: w, onEdit, onRotated } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const act = useWebhookAction();
  const busy = (kind: string) => act.isPending && act.variables?.kind === kind;
  const run = (kind: 'enable' | 'test' | 'rotate' | 'delete', done: string) =>
    act.mutate(
      { kind, id: w.id },
      {
        onSuccess: (r) => {
          notifySuccess(t('webhooks.doneTitle'), t(done, { url: w.url }));
          if (r.secret) onRotated(r.secret);
          if (kind === 'test') setOpen(true);
        },
        onError: (e) => notifyError(e),
      },
    );
  const ask = async (kind: 'rotate' | 'delete') => {
    const ok = await confirm({
      title: t(`webhooks.${kind}.title`),
      message: t(`webhooks.${kind}.confirm`, { url: w.url }),
      confirmLabel: t(`webhooks.${kind}.action`),
      cancelLabel: t('common.cancel'),
      danger: kind === 'delete',
    });
    if (ok) run(kind, `webhooks.${kind}.done`);
  };
  return (
    <Card withBorder padding="md" data-testid={`webhook-${w.id}`}>
      <Stack gap="xs">
        {!w.enabled && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('webhooks.disabled.title')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t('webhooks.disabled.body', {
                  at: formatDateTime(w.disabled_at),
                  reason: w.disabled_reason ?? '',
                })}
              </Text>
              <Button size="xs" loading={busy('enable')} onClick={() => run('enable', 'webhooks.disabled.done')}>
                {t('webhooks.disabled.enable')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {w.url}
            </Text>
            {w.description && (
              <Text size="sm" c="dimmed">
                {w.description}
              </Text>
            )}
          </Stack>
          <Badge color={w.enabled ? 'green' : 'red'} variant="light">
            {t(w.enabled ? 'webhooks.on' : 'webhooks.off')}
          </Badge>
        </Group>
        <Group gap={4}>
          {w.events.map((e) => (
            <Badge key={e} variant="outline" size="sm">
              {t(`webhooks.events.${e}`)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {w.last_delivery
            ? t('webhooks.last', {
                state: t(`webhooks.deliveries.states.${w.last_delivery.state}`),
                at: formatDateTime(w.last_delivery.at),
              })
            : t('webhooks.never')}
          {w.previous_secret_until
            ? ` · ${t('webhooks.overlap', { at: formatDateTime(w.previous_secret_until) })}`
            : ''}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" leftSection={<IconList size={14} />} onClick={() => setOpen((o) => !o)}>
            {t(open ? 'webhooks.hideDeliveries' : 'webhooks.showDeliveries')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={14} />}
            loading={busy('test')}
            onClick={() => run('test', 'webhooks.test.done')}
          >
            {t('webhooks.test.action')}
          </Button>
          {w.abilities.update && (
            <>
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
                {t('webhooks.edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconKey size={14} />}
                loading={busy('rotate')}
                onClick={() => void ask('rotate')}
              >
                {t('webhooks.rotate.action')}
              </Button>
            </>
          )}
          {w.abilities.delete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={busy('delete')}
              onClick={() => void ask('delete')}
            >
              {t('webhooks.delete.action')}
            </Button>
          )}
        </Group>
        {open && <Deliveries webhookId={w.id} />}
      </Stack>
    </Card>
  );
}
