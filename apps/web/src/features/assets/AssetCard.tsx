import { Badge, Box, Group, Loader, Skeleton, Text, Tooltip } from '@mantine/core';
import type { AssetCard as AssetCardData } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../i18n/format';
import { PrivateBadge } from './PrivateBadge';
import { TypeIcon } from './TypeIcon';
import classes from './Assets.module.css';

/** Grid card: square contained thumbnail (checkerboard behind), name, extension badge, size. */
export function AssetCard({ asset }: { asset: AssetCardData }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/brand/asset/${asset.id}`}
      className={classes.card}
      data-testid={`asset-card-${asset.id}`}
      aria-label={asset.name}
    >
      <Box className={classes.thumb} data-checker={asset.type === 'image' || undefined}>
        {asset.derivatives === 'pending' ? (
          <>
            <Skeleton className={classes.thumbSkeleton} radius={0} />
            <Loader size="sm" className={classes.thumbLoader} aria-label={t('assets.processing')} />
          </>
        ) : asset.thumbnail_url ? (
          <img src={asset.thumbnail_url} alt="" loading="lazy" className={classes.thumbImg} />
        ) : (
          <TypeIcon type={asset.type} />
        )}
        {asset.visibility === 'PRIVATE' && (
          <Box className={classes.thumbBadge}>
            <PrivateBadge />
          </Box>
        )}
      </Box>
      <Box p="xs">
        <Tooltip label={asset.name} openDelay={400}>
          <Text size="sm" fw={500} truncate>
            {asset.name}
          </Text>
        </Tooltip>
        <Group gap={6} mt={4} wrap="nowrap">
          {asset.ext && (
            <Badge size="xs" variant="outline" color="gray" radius="sm">
              {asset.ext.toUpperCase()}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {formatBytes(asset.size)}
          </Text>
        </Group>
      </Box>
    </Link>
  );
}

export function AssetCardSkeleton() {
  return (
    <Box className={classes.card} aria-hidden>
      <Skeleton className={classes.thumb} radius={0} />
      <Box p="xs">
        <Skeleton height={14} width="80%" />
        <Skeleton height={10} width="40%" mt={8} />
      </Box>
    </Box>
  );
}
