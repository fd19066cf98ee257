import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { AssetCropQuery, CropPreset, GuidelineAsset, GuidelineDownload } from '@brandvault/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useFetchAsset } from '../../assets/api';
import { gatedDownload } from '../../assets/gatedDownload';
import { acceptTerms, onTermsDownload } from '../../assets/termsDownload';
import { downloadCrop } from '../../cropPresets/api';

type Format = Exclude<GuidelineDownload, 'original' | 'presets'>;

/** The middle of the image at a preset's aspect, as the crop route's fractions. */
export function presetCrop(asset: { width: number; height: number }, p: CropPreset): AssetCropQuery {
  const wide = asset.width / asset.height > p.width / p.height;
  const w = wide ? (asset.height * p.width) / p.height / asset.width : 1;
  const h = wide ? 1 : (asset.width * p.height) / p.width / asset.height;
  // A preset larger than the original is scaled up, as a channel's fixed size asks.
  return {
    x: (1 - w) / 2,
    y: (1 - h) / 2,
    w,
    h,
    width: p.width,
    height: p.height,
    format: p.format ?? 'jpeg',
    upscale: 'true',
  };
}

/**
 * An asset's download buttons as the block offers them, from what the page answer says of the
 * asset: the original through its signed link (or the terms dialog first, a link holder's too), other formats converted
 * at full size, and the brand's crop presets (through a public link too, by its own address).
 * `render` instead shows the signed file itself (a video, a PDF). Nothing shows for a reader
 * without the download right.
 */
export function AssetDownloads({
  asset,
  offers,
  presets = [],
  render,
}: {
  asset: GuidelineAsset;
  offers: readonly GuidelineDownload[];
  presets?: readonly CropPreset[];
  render?: (url: string | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const fetchAsset = useFetchAsset();
  const d = asset.download;
  if (render) return <>{render(d?.url ?? null)}</>;
  if (!d) return null;
  if (d.state === 'blocked')
    return (
      <Text size="xs" c="dimmed">
        {t('guidelines.downloadBlocked')}
      </Text>
    );
  const name = asset.name ?? 'asset';
  const base = name.replace(/\.[^.]+$/, '');
  const size = d.convert && asset.width && asset.height ? { width: asset.width, height: asset.height } : null;
  // Terms to confirm: the asset's own view and dialog, asked for on the click only.
  const original = () =>
    d.url
      ? undefined
      : void fetchAsset(asset.id)
          .then((v) => gatedDownload(v.asset, t))
          .catch(notifyError);
  // A public link's holder takes copies through the link's own address, its licences' terms
  // accepted first (the server refuses the copy until then).
  const crop = (query: AssetCropQuery, ext: string) =>
    void acceptTerms(d.terms, t)
      .then((ok) =>
        ok
          ? downloadCrop(asset.id, d.terms.length ? { ...query, ack: '1' } : query, `${base}.${ext}`, d.crop_url)
          : undefined,
      )
      .catch(notifyError);
  const formats = size ? offers.filter((f): f is Format => f !== 'original' && f !== 'presets') : [];
  const shownPresets = size && offers.includes('presets') ? presets : [];
  return (
    <Group gap={6}>
      {offers.includes('original') && (
        <Button
          {...(d.url
            ? {
                component: 'a' as const,
                href: d.url,
                download: name,
                onClick: onTermsDownload(d.url, name, d.terms, t),
              }
            : { onClick: original })}
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} />}
          aria-label={t('guidelines.downloadNamed', { name, format: t('guidelines.original') })}
        >
          {t('guidelines.original')}
        </Button>
      )}
      {size &&
        formats.map((f) => (
          <Button
            key={f}
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} />}
            aria-label={t('guidelines.downloadNamed', { name, format: f.toUpperCase() })}
            onClick={() => crop({ x: 0, y: 0, w: 1, h: 1, width: size.width, format: f }, f === 'jpeg' ? 'jpg' : f)}
          >
            {f.toUpperCase()}
          </Button>
        ))}
      {size && shownPresets.length > 0 && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="light"
              rightSection={<IconChevronDown size={14} />}
              aria-label={t('guidelines.presetsNamed', { name })}
            >
              {t('guidelines.presets')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {shownPresets.map((p) => (
              <Menu.Item
                key={p.id}
                onClick={() => {
                  const q = presetCrop(size, p);
                  crop(q, q.format === 'jpeg' ? 'jpg' : q.format);
                }}
              >
                {t('guidelines.presetItem', { name: p.name, width: p.width, height: p.height })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
