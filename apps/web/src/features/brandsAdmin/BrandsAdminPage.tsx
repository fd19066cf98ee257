import { useState } from 'react';
import { Avatar, Badge, Button, Container, Group, Text } from '@mantine/core';
import {
  IconBuildingStore,
  IconClipboardCheck,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import type { Brand } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { ColumnDef, RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDate, formatNumber } from '../../i18n/format';
import { useBrandStatus, useBrandsAll } from '../brands/api';
import type { BrandAllQuery } from '../brands/api';
import { BrandFormModal } from '../brands/BrandFormModal';
import type { BrandFormMode } from '../brands/BrandFormModal';
import { WatermarkPanel } from '../watermarks/WatermarkPanel';
import { ApprovalSettingsModal } from '../reviews/ApprovalSettingsModal';

/** The server's default page size for brand.all. */
const BRANDS_PER_PAGE = 20;

/** brand.all: every brand in one table, with create, edit and status (route guard: brand.manage). */
export default function BrandsAdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('brandAdmin.title'));
  const [mode, setMode] = useState<BrandFormMode | null>(null);
  const [approval, setApproval] = useState<Brand | null>(null);
  const table = useTableUrl({ perPage: BRANDS_PER_PAGE, perPageOptions: [BRANDS_PER_PAGE, 50, 100] });
  const { search, page, perPage } = table.state;
  const query: BrandAllQuery = {
    page,
    ...(perPage !== BRANDS_PER_PAGE ? { per_page: perPage } : {}),
    ...(search ? { search } : {}),
  };
  const brands = useBrandsAll(query);
  const actions = useBrandActions((brand) => setMode({ kind: 'edit', brand }), setApproval);
  const create = () => setMode({ kind: 'create' });

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title={t('brandAdmin.title')}
        description={t('brandAdmin.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            {t('brandAdmin.new')}
          </Button>
        }
      />
      <AdminTable<Brand>
        table={table}
        query={brands}
        label={t('brandAdmin.tableLabel')}
        columns={brandColumns(t)}
        rowKey={(b) => b.id}
        rowName={(b) => b.name}
        rowProps={(b) => ({ 'data-testid': `brand-row-${b.id}` })}
        search={{ label: t('brandAdmin.search'), placeholder: t('brandAdmin.searchPlaceholder') }}
        actions={actions}
        empty={{
          icon: <IconBuildingStore size={28} stroke={1.6} />,
          title: t('brandAdmin.emptyTitle'),
          description: t('brandAdmin.empty'),
          action: (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
              {t('brandAdmin.new')}
            </Button>
          ),
        }}
        noMatch={{ title: t('brandAdmin.noMatchTitle'), description: t('brandAdmin.noMatch') }}
        range={(r) => t('brandAdmin.range', r)}
      />
      <BrandFormModal
        mode={mode}
        onClose={() => setMode(null)}
        watermark={(brand) => <WatermarkPanel brand={brand} />}
      />
      <ApprovalSettingsModal brand={approval} onClose={() => setApproval(null)} />
    </Container>
  );
}

function brandColumns(t: TFunction): ColumnDef<Brand>[] {
  return [
    {
      key: 'brand',
      header: t('brandAdmin.columns.brand'),
      cell: (brand) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={brand.logo_uri ?? brand.image_uri ?? undefined} alt="" radius="sm" size={32} color="vault">
            {brand.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text size="sm" fw={500} truncate maw={{ base: 140, sm: 280 }}>
            {brand.name}
          </Text>
        </Group>
      ),
    },
    {
      key: 'slug',
      header: t('brandAdmin.columns.slug'),
      visibleFrom: 'sm',
      cell: (brand) => (
        <Text size="sm" ff="monospace" c="dimmed">
          {brand.slug}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('brandAdmin.columns.status'),
      cell: (brand) => (
        <Badge color={brand.status === 'ACTIVE' ? 'teal' : 'gray'} variant="light">
          {brand.status === 'ACTIVE' ? t('brandAdmin.status.active') : t('brandAdmin.status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'users',
      header: t('brandAdmin.columns.users'),
      align: 'right',
      visibleFrom: 'md',
      cell: (brand) => <Text size="sm">{formatNumber(brand.users_count)}</Text>,
    },
    {
      key: 'created',
      header: t('brandAdmin.columns.created'),
      visibleFrom: 'md',
      cell: (brand) => (
        <Text size="sm" c="dimmed">
          {formatDate(brand.created_at)}
        </Text>
      ),
    },
  ];
}

/** Edit (opens the form) and activate/deactivate (asks first), as the brand's abilities allow. */
function useBrandActions(onEdit: (brand: Brand) => void, onApproval: (brand: Brand) => void): RowAction<Brand>[] {
  const { t } = useTranslation();
  const status = useBrandStatus();
  const changing = (brand: Brand) => status.isPending && status.variables?.id === brand.id;

  const onStatus = async (brand: Brand) => {
    const active = brand.status === 'ACTIVE';
    const name = brand.name;
    const ok = await confirm({
      title: active ? t('brandAdmin.deactivateConfirmTitle') : t('brandAdmin.activateConfirmTitle'),
      message: active ? t('brandAdmin.deactivateConfirm', { name }) : t('brandAdmin.activateConfirm', { name }),
      confirmLabel: active ? t('brandAdmin.deactivate') : t('brandAdmin.activate'),
      cancelLabel: t('common.cancel'),
      danger: active,
    });
    if (!ok) return;
    status.mutate(
      { id: brand.id, status: active ? 'INACTIVE' : 'ACTIVE' },
      {
        onSuccess: () =>
          notifySuccess(
            active ? t('brandAdmin.deactivatedTitle') : t('brandAdmin.activatedTitle'),
            active ? t('brandAdmin.deactivated', { name }) : t('brandAdmin.activated', { name }),
          ),
        onError: (e) => notifyError(e),
      },
    );
  };

  return [
    {
      key: 'edit',
      label: t('brandAdmin.edit'),
      ariaLabel: (brand) => t('brandAdmin.editNamed', { name: brand.name }),
      icon: <IconPencil size={14} />,
      inline: true,
      hidden: (brand) => !brand.abilities.update,
      onClick: onEdit,
    },
    {
      key: 'approval',
      label: t('reviews.settingsAction'),
      ariaLabel: (brand) => t('reviews.settingsActionNamed', { name: brand.name }),
      icon: <IconClipboardCheck size={14} />,
      hidden: (brand) => !brand.abilities.update,
      onClick: onApproval,
    },
    {
      key: 'deactivate',
      label: t('brandAdmin.deactivate'),
      icon: <IconPlayerPause size={14} />,
      inline: true,
      hidden: (brand) => !brand.abilities.change_status || brand.status !== 'ACTIVE',
      loading: changing,
      onClick: (brand) => void onStatus(brand),
    },
    {
      key: 'activate',
      label: t('brandAdmin.activate'),
      icon: <IconPlayerPlay size={14} />,
      variant: 'light',
      inline: true,
      hidden: (brand) => !brand.abilities.change_status || brand.status === 'ACTIVE',
      loading: changing,
      onClick: (brand) => void onStatus(brand),
    },
  ];
}
