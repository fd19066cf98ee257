import { useState } from 'react';
import { Alert, Badge, Button, Code, Container, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ProviderView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirm } from '../../ui/confirm/confirmStore';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { ProviderModal } from './ProviderModal';
import { useDeleteProvider, useProviders, useTestProvider } from './api';
import { ScrollTable } from '../../ui/ScrollTable';

const COLOR = { ok: 'green', unreachable: 'red', unchecked: 'gray' } as const;

/** sso.manage: the identity providers, their discovery status, and what to register at each (role admin). */
export default function SsoAdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.admin.title'));
  const providers = useProviders();
  const test = useTestProvider();
  const remove = useDeleteProvider();
  // undefined: closed; null: a new provider; a provider: editing it.
  const [editing, setEditing] = useState<ProviderView | null | undefined>(undefined);

  const check = (p: ProviderView) =>
    test.mutate(p.id, {
      onSuccess: (r) =>
        notifySuccess(
          p.label,
          r.status === 'ok' ? t('sso.admin.reachable') : t('sso.admin.unreachable', { reason: r.status_reason }),
        ),
      onError: (e) => notifyError(e),
    });
  const drop = async (p: ProviderView) => {
    const ok = await confirm({
      title: t('sso.admin.deleteTitle'),
      message: t('sso.admin.deleteConfirm', { label: p.label }),
      confirmLabel: t('sso.admin.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(p.id, { onError: (e) => notifyError(e) });
  };

  const list = providers.data?.data ?? [];
  return (
    <Container size="xl" py="md">
      <PageHeader
        title={t('sso.admin.title')}
        description={t('sso.admin.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            {t('sso.admin.add')}
          </Button>
        }
      />
      {providers.isPending && <Loader aria-label={t('sso.admin.title')} />}
      {providers.isError && <Alert color="red">{t('sso.admin.error')}</Alert>}
      {providers.isSuccess && !list.length && (
        <EmptyBlock
          icon={<IconKey size={28} />}
          title={t('sso.admin.empty')}
          description={t('sso.admin.emptyHelp')}
          action={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('sso.admin.add')}
            </Button>
          }
        />
      )}
      {list.length > 0 && (
        <ScrollTable minWidth={640} label={t('sso.admin.title')}>
          <Table withTableBorder striped aria-label={t('sso.admin.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sso.fields.label')}</Table.Th>
                <Table.Th>{t('sso.fields.issuer')}</Table.Th>
                <Table.Th>{t('sso.admin.status')}</Table.Th>
                <Table.Th>{t('sso.admin.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fw={600} size="sm">
                        {p.label}
                      </Text>
                      <Group gap={4}>
                        {!p.enabled && <Badge color="gray">{t('sso.admin.disabled')}</Badge>}
                        {p.from_env && <Badge variant="outline">{t('sso.admin.env')}</Badge>}
                        {p.allow_signup && <Badge variant="light">{t('sso.admin.signup')}</Badge>}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {p.issuer}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('sso.admin.redirect')} <Code>{p.redirect_uri}</Code>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('sso.admin.logout')} <Code>{p.logout_uri}</Code>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={p.status_reason ?? ''} disabled={!p.status_reason} multiline w={300}>
                      <Badge color={COLOR[p.status]}>{t(`sso.status.${p.status}`)}</Badge>
                    </Tooltip>
                    {p.status_reason && (
                      <Text size="xs" c="red">
                        {p.status_reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setEditing(p)}
                      >
                        {t('sso.admin.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPlugConnected size={14} />}
                        loading={test.isPending && test.variables === p.id}
                        onClick={() => check(p)}
                      >
                        {t('sso.admin.test')}
                      </Button>
                      {!p.from_env && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => void drop(p)}
                        >
                          {t('sso.admin.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ProviderModal provider={editing} onClose={() => setEditing(undefined)} />
    </Container>
  );
}
