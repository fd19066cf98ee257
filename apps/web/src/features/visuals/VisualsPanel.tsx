import { Alert, Anchor, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhotoSearch } from '@tabler/icons-react';
import type { AssetVisuals, LookAlike } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { colourName } from '@brandvault/contract';
import { useCan } from '../../state/access';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAssetVisuals, useSimilar, useVisualsBackfill } from './api';

const assetLink = (id: number) => `/brand/asset/${id}`;

/** The near-duplicate notice: shown once the worker has hashed the file (uploads never wait for it). */
export function LookAlikeNotice({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const near = useAssetVisuals(assetId).data?.visuals.look_alike;
  if (!near) return null;
  return (
    <Alert color="yellow" variant="light" title={t('visuals.lookAlikeTitle')}>
      <Anchor component={Link} to={assetLink(near.asset_id)}>
        {t('visuals.lookAlike', { name: near.name, folder: near.folder_name })}
      </Anchor>
    </Alert>
  );
}

/** The asset page's Colours panel: the dominant colours as swatches, and "Find similar". */
export function VisualsPanel({ assetId, brandId }: { assetId: number; brandId: number }) {
  const { t } = useTranslation();
  const visuals = useAssetVisuals(assetId).data?.visuals;
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <Card component="section" aria-labelledby="asset-visuals" withBorder>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="md" id="asset-visuals">
          {t('visuals.title')}
        </Title>
        {visuals?.state === 'done' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPhotoSearch size={14} />}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {t('visuals.findSimilar')}
          </Button>
        )}
      </Group>
      {!visuals ? (
        <Text size="sm" c="dimmed">
          {t('visuals.loading')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Summary visuals={visuals} />
          {open && <SimilarGrid assetId={assetId} />}
          {can.permission('brand.manage') && <BackfillButton brandId={brandId} />}
        </Stack>
      )}
    </Card>
  );
}

function Summary({ visuals }: { visuals: AssetVisuals }) {
  const { t } = useTranslation();
  if (visuals.state !== 'done')
    return (
      <Text size="sm" c="dimmed">
        {t(`visuals.state.${visuals.state}`)}
      </Text>
    );
  if (!visuals.colours.length)
    return (
      <Text size="sm" c="dimmed">
        {t('visuals.noDominant')}
      </Text>
    );
  return (
    <Group gap="xs" role="list" aria-label={t('visuals.colours')}>
      {visuals.colours.map((c) => {
        const label = t('visuals.swatch', {
          name: t(`visuals.colour.${colourName(c.hex)}`),
          hex: c.hex,
          share: Math.round(c.share * 100),
        });
        return (
          <div
            key={c.hex}
            role="listitem"
            aria-label={label}
            title={label}
            style={{
              width: 32,
              height: 32,
              borderRadius: 6,
              background: c.hex,
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
        );
      })}
    </Group>
  );
}

function SimilarGrid({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const similar = useSimilar(assetId, true);
  if (!similar.data)
    return (
      <Text size="sm" c="dimmed">
        {similar.isError ? t('visuals.similarFailed') : t('visuals.loading')}
      </Text>
    );
  if (!similar.data.items.length)
    return (
      <Text size="sm" c="dimmed">
        {t('visuals.noSimilar')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" role="list" aria-label={t('visuals.similarTitle')}>
      {similar.data.items.map((item) => (
        <SimilarCard key={item.asset_id} item={item} />
      ))}
    </SimpleGrid>
  );
}

function SimilarCard({ item }: { item: LookAlike }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={assetLink(item.asset_id)} role="listitem" size="xs">
      {item.thumbnail_url && <Image src={item.thumbnail_url} alt="" radius="sm" h={80} fit="cover" />}
      <Text size="xs" truncate>
        {item.name}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {t('visuals.inFolder', { folder: item.folder_name })}
      </Text>
    </Anchor>
  );
}

/** For brand managers: works out colours and look-alikes of the brand's older images (a job). */
function BackfillButton({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const backfill = useVisualsBackfill(brandId);
  const start = () =>
    backfill.mutate(undefined, {
      onSuccess: (r) => notifySuccess(t('visuals.backfill'), t('visuals.backfillStarted', { count: r.total })),
      onError: (err) => notifyError(err),
    });
  return (
    <Button size="xs" variant="subtle" loading={backfill.isPending} onClick={start} style={{ alignSelf: 'flex-start' }}>
      {t('visuals.backfill')}
    </Button>
  );
}
