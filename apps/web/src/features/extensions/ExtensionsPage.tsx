import { useState } from 'react';
import { Badge, Button, Container, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconFileCheck, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { STATUSES } from '@brandvault/contract';
import type { Extension, Status } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { ColumnDef, FilterDef, RowAction } from '../../ui/adminTable';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { AddExtensionModal } from './AddExtensionModal';
import { useExtensionStatus, useExtensions } from './api';
import type { ExtensionListQuery } from './api';

const PER_PAGE = 50;

/** extension.all: the upload allow-list, with search and status filter in the URL (route guard: role admin). */
export default function ExtensionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('extensions.title'));
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'status',
      label: t('extensions.columns.status'),
      allLabel: t('extensions.allStatuses'),
      options: STATUSES.map((s) => ({ value: s, label: t(`extensions.status.${s}`) })),
    },
  ];
  const table = useTableUrl({ filters, perPage: PER_PAGE, perPageOptions: [PER_PAGE, 100] });
  const { page, perPage, search, filters: f } = table.state;
  const query: ExtensionListQuery = {
    page,
    per_page: perPage,
    ...(search ? { q: search } : {}),
    ...(f.status ? { status: f.status as Status } : {}),
  };
  const list = useExtensions(query);
  const [adding, setAdding] = useState(false);
  const actions = useStatusActions();

  const columns: ColumnDef<Extension>[] = [
    {
      key: 'name',
      header: t('extensions.columns.name'),
      cell: (e) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={500} size="sm">
            .{e.name}
          </Text>
          {e.dangerous && (
            <Tooltip label={t('extensions.dangerHint')} multiline w={260}>
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-orange-6)"
                aria-label={t('extensions.dangerTitle')}
              />
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: 'mime', header: t('extensions.columns.mime'), cell: (e) => <Text size="sm">{e.mime_type}</Text> },
    {
      key: 'type',
      header: t('extensions.columns.type'),
      visibleFrom: 'sm',
      cell: (e) => <Text size="sm">{e.asset_type}</Text>,
    },
    {
      key: 'status',
      header: t('extensions.columns.status'),
      cell: (e) => (
        <Badge variant="light" color={e.status === 'ACTIVE' ? 'teal' : 'gray'}>
          {t(`extensions.status.${e.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('extensions.title')} description={t('extensions.subtitle')} />
      <AdminTable<Extension>
        table={table}
        query={list}
        label={t('extensions.tableLabel')}
        search={{ label: t('extensions.search'), placeholder: t('extensions.searchPlaceholder') }}
        columns={columns}
        rowKey={(e) => e.id}
        rowName={(e) => `.${e.name}`}
        rowProps={(e) => ({ 'data-testid': `extension-row-${e.name}` })}
        actions={actions}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('extensions.add')}
          </Button>
        }
        empty={{
          icon: <IconFileCheck size={28} stroke={1.6} />,
          title: t('extensions.emptyTitle'),
          description: t('extensions.empty'),
        }}
        noMatch={{ title: t('extensions.noMatchTitle'), description: t('extensions.noMatch') }}
      />
      <AddExtensionModal opened={adding} onClose={() => setAdding(false)} />
    </Container>
  );
}

/** Remove (ACTIVE → INACTIVE) and restore, each after the spec's confirmation (§4). */
function useStatusActions(): RowAction<Extension>[] {
  const { t } = useTranslation();
  const change = useExtensionStatus();
  const busy = (e: Extension) => change.isPending && change.variables?.id === e.id;
  const run = async (e: Extension, status: Status) => {
    const removing = status === 'INACTIVE';
    const name = `.${e.name}`;
    const ok = await confirm({
      title: t(removing ? 'extensions.removeConfirmTitle' : 'extensions.restoreConfirmTitle'),
      message: t(removing ? 'extensions.removeConfirm' : 'extensions.restoreConfirm', { name }),
      confirmLabel: t(removing ? 'extensions.remove' : 'extensions.restore'),
      cancelLabel: t('common.cancel'),
      danger: removing,
    });
    if (!ok) return;
    change.mutate(
      { id: e.id, status },
      {
        onSuccess: ({ warning }) => {
          notifySuccess(
            t(removing ? 'extensions.removedTitle' : 'extensions.restoredTitle'),
            t(removing ? 'extensions.removed' : 'extensions.restored', { name }),
          );
          if (warning) notifyInfo(t('extensions.dangerTitle'), warning);
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return [
    {
      key: 'remove',
      label: t('extensions.remove'),
      ariaLabel: (e) => t('extensions.removeNamed', { name: `.${e.name}` }),
      icon: <IconTrash size={14} />,
      color: 'red',
      inline: true,
      hidden: (e) => e.status !== 'ACTIVE',
      loading: busy,
      onClick: (e) => void run(e, 'INACTIVE'),
    },
    {
      key: 'restore',
      label: t('extensions.restore'),
      ariaLabel: (e) => t('extensions.restoreNamed', { name: `.${e.name}` }),
      icon: <IconRestore size={14} />,
      inline: true,
      hidden: (e) => e.status === 'ACTIVE',
      loading: busy,
      onClick: (e) => void run(e, 'ACTIVE'),
    },
  ];
}
