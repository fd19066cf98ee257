import { useState } from 'react';
import { Button, Container, Modal } from '@mantine/core';
import { IconKey, IconKeyOff, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ApiKey, ApiKeyCreated } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useOwnApiKeys, useRevokeApiKey, useRotateApiKey } from './api';
import { CreateKeyDialog } from './CreateKeyDialog';
import { keyColumns } from './keyColumns';
import { SecretShown } from './SecretShown';

/** The caller's API keys (account → API keys): create, rotate and revoke; the secret shows once. */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  usePageTitle(t('apiKeys.title'));
  const table = useTableUrl({ perPage: 500 });
  const keys = useOwnApiKeys();
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [creating, setCreating] = useState(false);
  const [rotated, setRotated] = useState<ApiKeyCreated | null>(null);

  const onRevoke = async (k: ApiKey) => {
    const ok = await confirm({
      title: t('apiKeys.revokeConfirmTitle'),
      message: t('apiKeys.revokeConfirm', { name: k.name }),
      confirmLabel: t('apiKeys.revoke'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(k.id, {
      onSuccess: () => notifySuccess(t('apiKeys.revokedTitle'), t('apiKeys.revoked', { name: k.name })),
      onError: (e) => notifyError(e),
    });
  };
  const onRotate = async (k: ApiKey) => {
    const ok = await confirm({
      title: t('apiKeys.rotateConfirmTitle'),
      message: t('apiKeys.rotateConfirm', { name: k.name }),
      confirmLabel: t('apiKeys.rotate'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    rotate.mutate(k.id, { onSuccess: setRotated, onError: (e) => notifyError(e) });
  };
  const actions: RowAction<ApiKey>[] = [
    {
      key: 'rotate',
      label: t('apiKeys.rotate'),
      ariaLabel: (k) => t('apiKeys.rotateNamed', { name: k.name }),
      icon: <IconRefresh size={14} />,
      inline: true,
      hidden: (k) => k.state !== 'active',
      loading: (k) => rotate.isPending && rotate.variables === k.id,
      onClick: (k) => void onRotate(k),
    },
    {
      key: 'revoke',
      label: t('apiKeys.revoke'),
      ariaLabel: (k) => t('apiKeys.revokeNamed', { name: k.name }),
      icon: <IconKeyOff size={14} />,
      color: 'red',
      inline: true,
      hidden: (k) => k.state === 'revoked',
      loading: (k) => revoke.isPending && revoke.variables === k.id,
      onClick: (k) => void onRevoke(k),
    },
  ];
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {t('apiKeys.new')}
    </Button>
  );

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('apiKeys.title')} description={t('apiKeys.subtitle')} actions={newButton} />
      <AdminTable<ApiKey>
        table={table}
        query={keys}
        label={t('apiKeys.tableLabel')}
        columns={keyColumns<ApiKey>(t)}
        rowKey={(k) => k.id}
        rowName={(k) => k.name}
        rowProps={(k) => ({ 'data-testid': `api-key-row-${k.id}` })}
        actions={actions}
        empty={{
          icon: <IconKey size={28} stroke={1.6} />,
          title: t('apiKeys.emptyTitle'),
          description: t('apiKeys.empty'),
          action: (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('apiKeys.new')}
            </Button>
          ),
        }}
        noMatch={{ title: t('apiKeys.emptyTitle'), description: t('apiKeys.empty') }}
        range={({ total }) => t('apiKeys.count', { total })}
      />
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
      <Modal
        opened={rotated !== null}
        onClose={() => setRotated(null)}
        title={t('apiKeys.secret.rotatedTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {rotated && <SecretShown name={rotated.api_key.name} secret={rotated.secret} onDone={() => setRotated(null)} />}
      </Modal>
    </Container>
  );
}
