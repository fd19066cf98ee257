import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingStore, IconCheck, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { BrandFigures, BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageHeader } from '../../ui/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { useMeRefresh } from '../auth/api';
import { brandChosen, useTourOnChooser } from '../tour/tour';
import { useMyBrands } from './api';
import { homePath } from './homePath';
import { BrandFormModal } from './BrandFormModal';
import { figuresText } from './figures';
import classes from './BrandChooser.module.css';
import { usePageTitle } from '../../ui/usePageTitle';

export default function BrandChooserPage() {
  const { t } = useTranslation();
  usePageTitle(t('brands.chooseTitle'));
  const navigate = useNavigate();
  const user = useSession((s) => s.sessionUser);
  const selected = useSession((s) => s.selectedBrand);
  const me = useMeRefresh();
  const brands = user?.brands ?? [];
  // The cards come from the session at once; their figures follow from the brand list.
  const list = useMyBrands(brands.length > 0);
  const figures = new Map(list.data?.items.map((b) => [b.id, b.figures]));
  const canCreate = useCan().permission('brand.manage');
  const [creating, setCreating] = useState(false);
  // Settled once the user is read afresh: whether the tour starts by itself depends on it.
  useTourOnChooser(!me.isFetching);

  const choose = (brand: BrandSummary) => {
    // The tour's next steps are on the brand home, whatever the user's default home.
    const touring = brandChosen();
    useSession.getState().selectBrand(brand);
    notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
    void navigate(touring ? '/brand' : homePath(user));
  };

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('brands.chooseTitle')} description={t('brands.chooseSubtitle')} />
      {brands.length === 0 && canCreate ? (
        <EmptyBlock
          icon={<IconBuildingStore size={28} stroke={1.6} />}
          title={t('brands.emptyAdminTitle')}
          description={t('brands.emptyAdmin')}
          action={
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('brands.createFirst')}
            </Button>
          }
        />
      ) : brands.length === 0 ? (
        <EmptyBlock
          icon={<IconBuildingStore size={28} stroke={1.6} />}
          title={t('brands.emptyTitle')}
          description={t('brands.empty')}
          action={
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={me.isFetching}
              onClick={() => void me.refetch()}
            >
              {t('common.refresh')}
            </Button>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="md" data-tour="brand-cards">
          {brands.map((brand) => (
            <BrandCard
              key={brand.id}
              brand={brand}
              figures={figures.get(brand.id) ?? (list.isError ? null : undefined)}
              current={selected?.id === brand.id}
              onChoose={choose}
            />
          ))}
        </SimpleGrid>
      )}
      <BrandFormModal mode={creating ? { kind: 'create' } : null} onClose={() => setCreating(false)} />
    </Container>
  );
}

function BrandCard({
  brand,
  figures,
  current,
  onChoose,
}: {
  brand: BrandSummary;
  /** undefined while loading; null when they could not be read. */
  figures: BrandFigures | null | undefined;
  current: boolean;
  onChoose: (b: BrandSummary) => void;
}) {
  const { t } = useTranslation();
  const picture = brand.image_uri ?? brand.logo_uri;
  const text = figures ? figuresText(t, figures) : null;
  return (
    <UnstyledButton
      className={classes.card}
      onClick={() => onChoose(brand)}
      data-current={current || undefined}
      data-testid={`brand-card-${brand.id}`}
    >
      {/* A cover fills the card; a logo alone is shown whole. */}
      <Box className={classes.media} data-cover={brand.image_uri ? true : undefined}>
        {picture ? (
          <Image src={picture} alt="" fit={brand.image_uri ? 'cover' : 'contain'} h="100%" w="100%" />
        ) : (
          <Text className={classes.initial} aria-hidden>
            {brand.name.slice(0, 1).toUpperCase()}
          </Text>
        )}
        {brand.logo_uri && brand.image_uri && (
          <Image src={brand.logo_uri} alt="" className={classes.logo} fit="contain" />
        )}
      </Box>
      <Stack gap={2} p="sm">
        <Text fw={600} size="sm" truncate>
          {brand.name}
        </Text>
        {text ? (
          <Group gap={6} wrap="nowrap" className={classes.figures}>
            <Text size="xs" c="dimmed" truncate>
              {text.assets}
            </Text>
            {text.updated && (
              <>
                <Text size="xs" c="dimmed" aria-hidden>
                  ·
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {text.updated}
                </Text>
              </>
            )}
          </Group>
        ) : figures === undefined ? (
          <Skeleton height={12} width="70%" my={2} aria-hidden />
        ) : null}
        <Box>
          {current ? (
            <Badge size="xs" variant="light" leftSection={<IconCheck size={10} />}>
              {t('brands.current')}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              {t('brands.open')}
            </Text>
          )}
        </Box>
      </Stack>
    </UnstyledButton>
  );
}
