import { Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { WebhookDelivery } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeliveries, useWebhookAction } from './api';
import { ScrollTable } from '../../ui/ScrollTable';

const COLORS: Record<WebhookDelivery['state'], string> = { pending: 'gray', delivered: 'green', failed: 'red' };

/** A subscription's delivery attempts, newest first, each with what the receiver answered. */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useDeliveries(webhookId, page);
  const act = useWebhookAction();
  const items = q.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / (q.data?.per_page ?? 10)));
  if (q.isSuccess && !items.length)
    return (
      <Text size="sm" c="dimmed">
        {t('webhooks.deliveries.empty')}
      </Text>
    );
  const again = (d: WebhookDelivery) =>
    act.mutate(
      { kind: 'redeliver', id: webhookId, deliveryId: d.id },
      {
        onSuccess: () => notifySuccess(t('webhooks.deliveries.againTitle'), t('webhooks.deliveries.again')),
        onError: (e) => notifyError(e),
      },
    );
  return (
    <Stack gap="xs">
      <ScrollTable minWidth={640} label={t('webhooks.deliveries.label')}>
        <Table striped verticalSpacing="xs" aria-label={t('webhooks.deliveries.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.deliveries.status')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.event')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.time')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.attempt')}</Table.Th>
              <Table.Th>{t('webhooks.deliveries.response')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id} data-testid={`delivery-${d.id}`}>
                <Table.Td>
                  <Badge color={COLORS[d.state]} variant="light">
                    {t(`webhooks.deliveries.states.${d.state}`)}
                    {d.status_code !== null ? ` · ${d.status_code}` : ''}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.event_type}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(d.delivered_at ?? d.created_at)}</Text>
                  {d.next_attempt_at && d.state !== 'pending' && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.deliveries.next', { at: formatDateTime(d.next_attempt_at) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.attempt}</Text>
                </Table.Td>
                <Table.Td maw={280}>
                  {/* The receiver's words are shown as text, never as markup. */}
                  <Text size="xs" ff="monospace" lineClamp={3} style={{ wordBreak: 'break-all' }}>
                    {d.error && d.error !== `HTTP ${d.status_code}` ? `${d.error} ` : ''}
                    {d.response_excerpt ?? ''}
                  </Text>
                  {d.response_ms !== null && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.deliveries.ms', { ms: d.response_ms })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {d.state !== 'pending' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconRefresh size={14} />}
                      loading={act.isPending && act.variables?.deliveryId === d.id}
                      onClick={() => again(d)}
                      aria-label={t('webhooks.deliveries.againNamed', { event: d.event_type, attempt: d.attempt })}
                    >
                      {t('webhooks.deliveries.sendAgain')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
