import { Badge, Box, Button, Container, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconRefresh } from '@tabler/icons-react';
import type { BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyBlock } from '../../app/components/EmptyBlock';
import { PageHeader } from '../../app/components/PageHeader';
import { notifySuccess } from '../../app/notify';
import { useSession } from '../../state/session';
import { useMeRefresh } from '../auth/api';
import { brandChosen, useTourOnChooser } from '../tour/tour';
import classes from './BrandChooser.module.css';
import { usePageTitle } from '../../app/components/usePageTitle';

export default function BrandChooserPage() {
  const { t } = useTranslation();
  usePageTitle(t('brands.chooseTitle'));
  const navigate = useNavigate();
  const user = useSession((s) => s.sessionUser);
  const selected = useSession((s) => s.selectedBrand);
  const me = useMeRefresh();
  const brands = user?.brands ?? [];
  // Settled once the user is read afresh: whether the tour starts by itself depends on it.
  useTourOnChooser(!me.isFetching);

  const choose = (brand: BrandSummary) => {
    brandChosen();
    useSession.getState().selectBrand(brand);
    notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
    void navigate('/brand');
  };

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('brands.chooseTitle')} description={t('brands.chooseSubtitle')} />
      {brands.length === 0 ? (
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
            <BrandCard key={brand.id} brand={brand} current={selected?.id === brand.id} onChoose={choose} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

function BrandCard({
  brand,
  current,
  onChoose,
}: {
  brand: BrandSummary;
  current: boolean;
  onChoose: (b: BrandSummary) => void;
}) {
  const { t } = useTranslation();
  const picture = brand.image_uri ?? brand.logo_uri;
  return (
    <UnstyledButton className={classes.card} onClick={() => onChoose(brand)} data-current={current || undefined}>
      <Box className={classes.media}>
        {picture ? (
          <Image src={picture} alt="" fit="contain" h="100%" w="100%" />
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
