import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import type { AssetView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime, formatDegrees, formatDuration, formatNumber } from '../../i18n/format';

// The world map and its outlines load only for a photo that says where it was taken.
const LocationMap = lazy(() => import('./LocationMap'));

export type FactRow = [label: string, value: ReactNode];

/** "40.4168° N, 3.7035° W": four decimals place a photo within about ten metres. */
export function formatLocation(lat: number, lng: number): string {
  const part = (v: number, pos: string, neg: string) => `${formatDegrees(Math.abs(v))}° ${v >= 0 ? pos : neg}`;
  return `${part(lat, 'N', 'S')}, ${part(lng, 'E', 'W')}`;
}

/**
 * The asset's facts as label and value, the same on the asset page and in the viewer's info
 * panel; the viewer adds the keywords and the folder, which the asset page shows elsewhere.
 */
export function useFactRows(asset: AssetView, opts: { keywordsAndFolder?: boolean } = {}): FactRow[] {
  const { t } = useTranslation();
  const cam = asset.camera;
  const camera = cam
    ? [
        [cam.make, cam.model].filter(Boolean).join(' '),
        cam.lens,
        cam.iso !== undefined ? `ISO ${formatNumber(cam.iso)}` : undefined,
        cam.exposure,
        cam.aperture !== undefined ? `ƒ/${formatNumber(cam.aperture)}` : undefined,
        cam.focal_length !== undefined ? `${formatNumber(cam.focal_length)} mm` : undefined,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const loc = asset.location;
  const folder = asset.breadcrumbs
    .slice(1)
    .map((c) => c.name)
    .join(' / ');
  const rows: (FactRow | false | null | undefined | 0 | '')[] = [
    [t('assets.facts.type'), `${t(`assets.types.${asset.type}`)} (${asset.mime})`],
    [t('assets.facts.size'), formatBytes(asset.size)],
    !!asset.width &&
      !!asset.height && [
        t('assets.facts.dimensions'),
        t('assets.dimensions', { width: formatNumber(asset.width), height: formatNumber(asset.height) }),
      ],
    !!asset.duration_seconds && [t('assets.facts.duration'), formatDuration(asset.duration_seconds)],
    // The author is the file's own (the one the Author filter and the list show); who uploaded it
    // is a fact of its own, never passed off as the author.
    [t('assets.facts.author'), asset.author ?? '—'],
    asset.created_by && [t('assets.facts.uploadedBy'), asset.created_by.name],
    [t('assets.facts.created'), formatDateTime(asset.created_at)],
    asset.taken_at && [t('assets.facts.taken'), formatDateTime(asset.taken_at)],
    camera && [t('assets.facts.camera'), camera],
    loc && [
      t('assets.facts.location'),
      <Stack gap={6} data-testid="asset-location">
        <Text size="sm">{formatLocation(loc.lat, loc.lng)}</Text>
        <Suspense fallback={null}>
          <LocationMap lat={loc.lat} lng={loc.lng} label={t('assets.locationMap')} />
        </Suspense>
        <Anchor
          size="sm"
          href={`https://www.openstreetmap.org/?mlat=${loc.lat}&mlon=${loc.lng}#map=15/${loc.lat}/${loc.lng}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('assets.openMap')}
        </Anchor>
      </Stack>,
    ],
    opts.keywordsAndFolder && asset.keywords.length > 0 && [t('assets.facts.keywords'), asset.keywords.join(', ')],
    opts.keywordsAndFolder && [t('assets.facts.folder'), folder || asset.brand.name],
    [t('assets.facts.version'), t('versions.number', { number: asset.current_version })],
    [t('assets.facts.brand'), asset.brand.name],
    asset.sync && [
      t('assets.facts.synced'),
      <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="asset-sync-origin">
        {t('sync.originValue', { source: asset.sync.source_name, path: asset.sync.path })}
      </Text>,
    ],
  ];
  return rows.filter((r): r is FactRow => Array.isArray(r));
}
