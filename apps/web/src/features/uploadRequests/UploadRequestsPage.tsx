import { useState } from 'react';
import { Button, Container } from '@mantine/core';
import { IconInbox, IconLinkOff, IconPlus } from '@tabler/icons-react';
import { UPLOAD_REQUEST_STATES } from '@brandvault/contract';
import type { UploadRequest, UploadRequestState } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { FilterDef, RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useCloseUploadRequest, useUploadRequests } from './api';
import type { UploadRequestListQuery } from './api';
import { CreateRequestModal } from './CreateRequestModal';
import { requestColumns, requestName } from './requestColumns';

const PER_PAGE = 20;

/**
 * The caller's upload requests (a manager's: their brands'; an administrator's: all), with what
 * arrived through each, its link to copy, and "Close now" (route guard: asset.create).
 */
export default function UploadRequestsPage() {
  const { t } = useTranslation();
  usePageTitle(t('uploadRequests.title'));
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'state',
      label: t('uploadRequests.filters.state'),
      allLabel: t('uploadRequests.filters.allStates'),
      options: UPLOAD_REQUEST_STATES.map((s) => ({ value: s, label: t(`uploadRequests.states.${s}`) })),
    },
  ];
  const table = useTableUrl({ filters, perPage: PER_PAGE, perPageOptions: [PER_PAGE, 50, 100] });
  const { page, perPage } = table.state;
  const state = table.state.filters.state;
  const query: UploadRequestListQuery = {
    page,
    per_page: perPage,
    ...(state ? { state: state as UploadRequestState } : {}),
  };
  const requests = useUploadRequests(query);
  const close = useCloseUploadRequest();
  const [creating, setCreating] = useState(false);

  const onClose = async (r: UploadRequest) => {
    const name = requestName(t, r);
    const ok = await confirm({
      title: t('uploadRequests.closeConfirmTitle'),
      message: t('uploadRequests.closeConfirm', { name }),
      confirmLabel: t('uploadRequests.close'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    close.mutate(r.id, {
      onSuccess: () => notifySuccess(t('uploadRequests.closedTitle'), t('uploadRequests.closed', { name })),
      onError: (e) => notifyError(e),
    });
  };
  const actions: RowAction<UploadRequest>[] = [
    {
      key: 'close',
      label: t('uploadRequests.close'),
      icon: <IconLinkOff size={14} />,
      color: 'red',
      inline: true,
      hidden: (r) => !r.abilities.close,
      loading: (r) => close.isPending && close.variables === r.id,
      onClick: (r) => void onClose(r),
    },
  ];
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {t('uploadRequests.new')}
    </Button>
  );

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('uploadRequests.title')} description={t('uploadRequests.subtitle')} actions={newButton} />
      <AdminTable<UploadRequest>
        table={table}
        query={requests}
        label={t('uploadRequests.tableLabel')}
        columns={requestColumns(t)}
        rowKey={(r) => r.id}
        rowName={(r) => requestName(t, r)}
        rowProps={(r) => ({ 'data-testid': `upload-request-row-${r.id}` })}
        actions={actions}
        empty={{
          icon: <IconInbox size={28} stroke={1.6} />,
          title: t('uploadRequests.emptyTitle'),
          description: t('uploadRequests.empty'),
        }}
        noMatch={{ title: t('uploadRequests.noMatchTitle'), description: t('uploadRequests.noMatch') }}
      />
      <CreateRequestModal opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
