import { useEffect, useMemo, useRef } from 'react';
import { Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconHome, IconPhoto } from '@tabler/icons-react';
import type { AssetCard, AssetSearchBody, BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatNumber } from '../../i18n/format';
import { useSession } from '../../state/session';
import { useFolderTree } from '../folders/api';
import { FolderTree } from '../folders/FolderTree';
import { FolderTreeDrawer } from '../folders/FolderTreeDrawer';
import { Thumb } from '../search/AssetTile';
import { useAssetSearch } from '../search/api';
import { aspectOf, justify } from './justify';
import classes from './Gallery.module.css';

/** The brand's root folder with its subfolders, newest first: the whole brand as the user sees it. */
const BODY: AssetSearchBody = { recursive: true, sort: { attribute: 'date', mode: 'desc' } };
const GAP = 4;
/** Until the wall is measured (and where nothing measures, as in tests), lay out for a laptop. */
const UNMEASURED = 960;

/** brand.home2 (/brand2): the alternative home, the brand as a gallery of its latest assets. */
export default function GalleryPage() {
  const brand = useSession((s) => s.selectedBrand);
  if (!brand) return null;
  return <Gallery brand={brand} />;
}

function Gallery({ brand }: { brand: BrandSummary }) {
  const { t } = useTranslation();
  usePageTitle(t('gallery.title', { name: brand.name }));
  const tree = useFolderTree(brand.id);
  const rootId = tree.data?.root.id;
  const search = useAssetSearch(rootId, BODY);
  const items = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data]);
  const first = search.data?.pages[0];
  const phone = useMediaQuery('(max-width: 36em)');
  const { ref, width } = useElementSize();
  const rows = useMemo(
    () =>
      justify(items, (a) => aspectOf(a.width, a.height), {
        width: width || UNMEASURED,
        target: phone ? 120 : 220,
        gap: GAP,
      }),
    [items, width, phone],
  );

  // Infinite scroll: the next page loads as the end comes near; the button does the same by hand.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const error = tree.error ?? search.error;
  const loading = !error && (tree.isPending || search.isPending);
  const total = first ? (first.total_capped ? `${formatNumber(first.total)}+` : formatNumber(first.total)) : null;

  return (
    <Box className={classes.page}>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <FolderTreeDrawer always>
            {tree.data && rootId !== undefined ? (
              <FolderTree root={tree.data.root} currentId={rootId} rootLabel={brand.name} />
            ) : (
              <Text size="sm" c="dimmed">
                {tree.isError ? t('folders.treeError') : t('gallery.loading')}
              </Text>
            )}
          </FolderTreeDrawer>
          <Stack gap={0} miw={0}>
            <Title order={1} fz={24} fw={600} lineClamp={1}>
              {brand.name}
            </Title>
            <Text size="sm" c="dimmed" data-testid="gallery-summary">
              {first
                ? t('gallery.summary', { count: first.total, formatted: total })
                : loading
                  ? t('gallery.loading')
                  : t('gallery.subtitle')}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to="/brand" variant="default" leftSection={<IconHome size={16} />}>
          {t('gallery.brandHome')}
        </Button>
      </Group>

      {error ? (
        <PageError error={error} onRetry={() => void (tree.isError ? tree.refetch() : search.refetch())} />
      ) : (
        <div ref={ref} className={classes.wall} aria-busy={loading || undefined}>
          {loading ? (
            <GallerySkeleton phone={!!phone} />
          ) : items.length === 0 ? (
            <EmptyBlock
              icon={<IconPhoto size={28} stroke={1.6} />}
              title={t('gallery.emptyTitle')}
              description={t('gallery.empty')}
              action={
                <Button component={Link} to="/brand" leftSection={<IconHome size={16} />}>
                  {t('gallery.brandHome')}
                </Button>
              }
            />
          ) : (
            <ul className={classes.rows} aria-label={t('gallery.list', { name: brand.name })}>
              {rows.map((row, i) => (
                <li key={i} className={classes.row} style={{ height: row.height }}>
                  {row.items.map(({ item, width: w }) => (
                    <Tile key={item.id} asset={item} width={w} />
                  ))}
                </li>
              ))}
            </ul>
          )}
          <div ref={sentinel} aria-hidden />
          {hasNextPage && !loading && (
            <Group justify="center" mt="md">
              <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('gallery.loadMore')}
              </Button>
            </Group>
          )}
        </div>
      )}
    </Box>
  );
}

function Tile({ asset, width }: { asset: AssetCard; width: number }) {
  return (
    <Link
      to={`/brand/asset/${asset.id}`}
      className={classes.tile}
      style={{ width }}
      title={asset.name}
      aria-label={asset.name}
      data-testid={`gallery-${asset.id}`}
    >
      <Thumb asset={asset} className={classes.img} iconSize={32} />
    </Link>
  );
}

/** Rows shaped like the wall: tiles of mixed widths at the row height. */
function GallerySkeleton({ phone }: { phone: boolean }) {
  const pattern = [3, 2, 4, 2, 3, 3, 2, 4];
  return (
    <Stack gap={GAP} aria-hidden>
      {Array.from({ length: 3 }, (_, r) => (
        <Group key={r} gap={GAP} wrap="nowrap" h={phone ? 120 : 220}>
          {Array.from({ length: phone ? 2 : 4 }, (_, i) => (
            <Skeleton key={i} h="100%" radius={0} style={{ flex: pattern[(r * 3 + i) % pattern.length] }} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}
