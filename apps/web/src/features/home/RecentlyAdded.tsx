import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../i18n/format';
import assetClasses from '../assets/Assets.module.css';
import { Thumb } from '../search/AssetTile';
import { useRecentAssets } from '../search/api';
import { brandKeys } from '../brands/api';
import classes from '../brands/BrandHero.module.css';

/** How many of the latest assets the row shows. */
export const RECENT_COUNT = 8;

/**
 * "Recently added" on the brand home: the brand's newest assets the user may see (the root folder
 * with its subfolders, newest first), refreshed with the listings.
 */
export function RecentlyAdded({ brandId, rootId }: { brandId: number; rootId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useRecentAssets(rootId, RECENT_COUNT);
  // What refreshed this row (an upload, a removal) changed the header's figures too.
  const seen = useRef(q.dataUpdatedAt);
  useEffect(() => {
    if (seen.current === q.dataUpdatedAt) return;
    if (seen.current) void qc.invalidateQueries({ queryKey: brandKeys.detail(brandId) });
    seen.current = q.dataUpdatedAt;
  }, [q.dataUpdatedAt, qc, brandId]);
  const items = q.data?.items ?? [];
  // Nothing to show in an empty brand: the searcher below says how to fill it.
  if (q.isSuccess && items.length === 0) return null;
  return (
    <section aria-labelledby="recent-title" className={classes.recent}>
      <Text id="recent-title" size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs" component="h2">
        {t('brands.recentTitle')}
      </Text>
      {q.isError ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('brands.recentError')}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => void q.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : (
        <ul className={classes.recentRow} aria-label={t('brands.recentList')} aria-busy={q.isPending || undefined}>
          {q.isPending
            ? Array.from({ length: RECENT_COUNT }, (_, i) => (
                <li key={i} aria-hidden>
                  <Skeleton className={assetClasses.thumb} radius="md" />
                  <Skeleton height={12} width="70%" mt={8} />
                </li>
              ))
            : items.map((a, i) => (
                <li key={a.id}>
                  <Link
                    to={`/brand/asset/${a.id}`}
                    className={classes.recentCard}
                    data-testid={`recent-${a.id}`}
                    // The tour's asset step stands here when the top level holds no asset of its own.
                    data-tour={i === 0 ? 'asset-recent' : undefined}
                    data-tour-body={i === 0 ? 'bodyRecent' : undefined}
                  >
                    <div className={assetClasses.thumb}>
                      <Thumb asset={a} className={assetClasses.thumbImg} iconSize={32} />
                    </div>
                    <span className={classes.recentName} title={a.name}>
                      {a.name}
                    </span>
                    <span className={classes.recentWhen}>{formatRelativeTime(a.created_at)}</span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
