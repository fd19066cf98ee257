import { Badge, Button, Container, Group, Tabs, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconLicense, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Consent, Licence } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLang } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { ColumnDef, RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { saveRightsExport, useChannels, useConsents, useDeleteRights, useLicences } from './api';
import type { RightsKind } from './api';
import { channelName, formatDay, territoryName } from './labels';
import { RightsDialog } from './RightsDialog';
import type { Editing } from './RightsDialog';

const PER_PAGE = 25;
const TABS: readonly RightsKind[] = ['licences', 'consents'];

/** The selected brand's usage rights: its licences and consents, as two tabs (route guard: rights.manage). */
export default function RightsPage() {
  const { t } = useTranslation();
  usePageTitle(t('rights.title'));
  const brand = useSession((s) => s.selectedBrand);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as RightsKind | null;
  const tab: RightsKind = asked && TABS.includes(asked) ? asked : 'licences';
  if (!brand) return null;
  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('rights.title')} description={t('rights.subtitle', { brand: brand.name })} />
      <Tabs
        value={tab}
        onChange={(v) => v && setParams(v === 'licences' ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="licences">{t('rights.tabs.licences')}</Tabs.Tab>
          <Tabs.Tab value="consents">{t('rights.tabs.consents')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="licences">
          <RightsTable kind="licences" brandId={brand.id} />
        </Tabs.Panel>
        <Tabs.Panel value="consents">
          <RightsTable kind="consents" brandId={brand.id} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

type Row = Licence | Consent;
const nameOf = (r: Row) => ('name' in r ? r.name : r.person);

function RightsTable({ kind, brandId }: { kind: RightsKind; brandId: number }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const table = useTableUrl({ perPage: PER_PAGE, perPageOptions: [PER_PAGE, 50, 100] });
  const { page, perPage, search } = table.state;
  const query = { page, per_page: perPage, ...(search ? { q: search } : {}) };
  const licences = useLicences(brandId, query, kind === 'licences');
  const consents = useConsents(brandId, query, kind === 'consents');
  const channels = useChannels(brandId).data;
  const [editing, setEditing] = useState<Editing<'licences'> | Editing<'consents'> | null>(null);
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteRights(kind);
  const worldwide = t('rights.worldwide');

  const lists: ColumnDef<Row>[] = [
    {
      key: 'channels',
      header: t('rights.fields.channels'),
      visibleFrom: 'md',
      cell: (r) => (
        <Group gap={4}>
          {r.channels.map((c) => (
            <Badge key={c} variant="light" size="sm">
              {channelName(c, lang, channels)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'territories',
      header: t('rights.fields.territories'),
      visibleFrom: 'md',
      cell: (r) => <Text size="sm">{r.territories.map((c) => territoryName(c, lang, worldwide)).join(', ')}</Text>,
    },
    {
      key: 'valid_until',
      header: t('rights.fields.validUntil'),
      cell: (r) => <Text size="sm">{formatDay(r.valid_until, lang) || t('rights.noEnd')}</Text>,
    },
    {
      key: 'assets',
      header: t('rights.columns.assets'),
      align: 'right',
      cell: (r) => <Text size="sm">{r.asset_count}</Text>,
    },
  ];
  const columns: ColumnDef<Row>[] =
    kind === 'licences'
      ? [
          {
            key: 'name',
            header: t('rights.fields.name'),
            cell: (r) => (
              <Text fw={500} size="sm">
                {nameOf(r)}
              </Text>
            ),
          },
          {
            key: 'holder',
            header: t('rights.fields.holder'),
            visibleFrom: 'sm',
            cell: (r) => <Text size="sm">{(r as Licence).holder}</Text>,
          },
          ...lists,
        ]
      : [
          {
            key: 'person',
            header: t('rights.fields.person'),
            cell: (r) => (
              <Text fw={500} size="sm">
                {nameOf(r)}
              </Text>
            ),
          },
          {
            key: 'kind',
            header: t('rights.fields.kind'),
            visibleFrom: 'sm',
            cell: (r) => <Text size="sm">{t(`rights.kinds.${(r as Consent).kind}`)}</Text>,
          },
          ...lists,
        ];

  const onDelete = async (r: Row) => {
    const ok = await confirm({
      title: t(`rights.${kind}.deleteTitle`),
      message: t(`rights.${kind}.deleteConfirm`, { name: nameOf(r), count: r.asset_count }),
      confirmLabel: t('rights.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(r.id, {
      onSuccess: () => notifySuccess(t('rights.deletedTitle'), t(`rights.${kind}.deleted`, { name: nameOf(r) })),
      onError: (e) => notifyError(e),
    });
  };
  const actions: RowAction<Row>[] = [
    {
      key: 'edit',
      label: t('rights.edit'),
      ariaLabel: (r) => t('rights.editNamed', { name: nameOf(r) }),
      icon: <IconPencil size={14} />,
      inline: true,
      onClick: (r) => setEditing({ kind, row: r } as Editing<'licences'>),
    },
    {
      key: 'delete',
      label: t('rights.delete'),
      ariaLabel: (r) => t('rights.deleteNamed', { name: nameOf(r) }),
      icon: <IconTrash size={14} />,
      color: 'red',
      inline: true,
      loading: (r) => remove.isPending && remove.variables === r.id,
      onClick: (r) => void onDelete(r),
    },
  ];
  const onExport = async () => {
    setExporting(true);
    try {
      await saveRightsExport(kind, brandId);
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <AdminTable<Row>
        table={table}
        query={kind === 'licences' ? licences : consents}
        label={t(`rights.${kind}.tableLabel`)}
        search={{ label: t(`rights.${kind}.search`), placeholder: t(`rights.${kind}.searchPlaceholder`) }}
        columns={columns}
        rowKey={(r) => r.id}
        rowName={nameOf}
        rowProps={(r) => ({ 'data-testid': `rights-row-${r.id}` })}
        actions={actions}
        toolbar={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporting}
              onClick={() => void onExport()}
            >
              {t('rights.export')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ kind, row: null } as Editing<'licences'>)}
            >
              {t(`rights.${kind}.add`)}
            </Button>
          </Group>
        }
        empty={{
          icon: <IconLicense size={28} stroke={1.6} />,
          title: t(`rights.${kind}.emptyTitle`),
          description: t(`rights.${kind}.empty`),
        }}
        noMatch={{ title: t('rights.noMatchTitle'), description: t('rights.noMatch') }}
      />
      <RightsDialog brandId={brandId} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
