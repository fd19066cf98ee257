import type { ReactNode } from 'react';
import { Alert, Button, Container, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconCrop, IconDroplet, IconRefresh, IconSettings, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { SmartSearch } from '../analysis/SmartSearch';
import { CropPresetsEditor } from '../cropPresets/CropPresetsEditor';
import { useCropPresets } from '../cropPresets/api';
import { WatermarkPanel } from '../watermarks/WatermarkPanel';
import { useBrandWatermark } from '../watermarks/api';

export const SETTINGS_TABS = ['watermark', 'crop-presets', 'smart-search'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * The selected brand's settings in one place, a tab per section (`/brand/settings/<tab>`): its
 * watermark, its crop presets and its smart search. A section shows only for those the server
 * (or, for smart search, the brand.manage permission) lets change it.
 */
export default function BrandSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('brandSettings.title'));
  const brand = useSession((s) => s.selectedBrand);
  if (!brand) return <Navigate to="/brand/choose" replace />;
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('brandSettings.title')} description={t('brandSettings.subtitle', { brand: brand.name })} />
      <Sections brand={brand} />
    </Container>
  );
}

function Sections({ brand }: { brand: { id: number; name: string } }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { tab } = useParams();
  const watermark = useBrandWatermark(brand.id);
  const presets = useCropPresets(brand.id);
  if (watermark.isPending || presets.isPending)
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={36} />
        <Skeleton height={240} />
      </Stack>
    );

  const sections: { key: SettingsTab; icon: ReactNode; allowed: boolean; body: () => ReactNode }[] = [
    {
      key: 'watermark',
      icon: <IconDroplet size={16} />,
      allowed: !!watermark.data?.watermark.abilities.update,
      body: () => <WatermarkPanel brand={{ ...brand, image_uri: null }} />,
    },
    {
      key: 'crop-presets',
      icon: <IconCrop size={16} />,
      allowed: !!presets.data?.abilities.update,
      // Keyed by what is saved, so that after a save the form starts from it again.
      body: () =>
        presets.data && (
          <CropPresetsEditor
            key={JSON.stringify(presets.data.presets)}
            brandId={brand.id}
            presets={presets.data.presets}
          />
        ),
    },
    {
      key: 'smart-search',
      icon: <IconSparkles size={16} />,
      allowed: can.permission('brand.manage'),
      body: () => <SmartSearch brandId={brand.id} />,
    },
  ];
  const open = sections.filter((s) => s.allowed);
  // A section whose answer failed is not known to be the user's: say so, with a retry.
  const failed = watermark.isError || presets.isError;
  const retry = failed && (
    <Alert color="red" title={t('brandSettings.loadFailed')} mb="lg">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={() => void Promise.all([watermark.refetch(), presets.refetch()])}
      >
        {t('common.retry')}
      </Button>
    </Alert>
  );
  if (!open.length)
    return (
      retry || (
        <EmptyBlock
          icon={<IconSettings size={28} stroke={1.6} />}
          title={t('brandSettings.nothingTitle')}
          description={t('brandSettings.nothing')}
        />
      )
    );
  const current = open.find((s) => s.key === tab) ?? open[0]!;
  if (tab !== current.key) return <Navigate to={`/brand/settings/${current.key}`} replace />;

  return (
    <>
      {retry}
      <Tabs value={current.key} onChange={(v) => v && void navigate(`/brand/settings/${v}`)} keepMounted={false}>
        <Tabs.List mb="lg">
          {open.map((s) => (
            <Tabs.Tab key={s.key} value={s.key} leftSection={s.icon}>
              {t(`brandSettings.tabs.${s.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {open.map((s) => (
          <Tabs.Panel key={s.key} value={s.key}>
            {s.body()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
