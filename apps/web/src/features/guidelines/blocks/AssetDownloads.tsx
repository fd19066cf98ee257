import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { GuidelineAsset } from '@brandvault/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useAsset } from '../../assets/api';
import { downloadCrop } from '../../cropPresets/api';

type Format = 'original' | 'png' | 'jpeg' | 'webp';
const CONVERTIBLE = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif'];

/**
 * An asset's download buttons as the block offers them: the original through the asset's signed
 * link, and other formats converted at full size. `render` instead shows the signed file itself
 * (a video, a PDF). Nothing shows for a reader without the download right.
 */
export function AssetDownloads({
  asset,
  formats,
  render,
}: {
  asset: GuidelineAsset;
  formats: readonly Format[];
  render?: (url: string | null) => ReactNode;
}) {
  const { t } = useTranslation();
  // Through a public link the page names the original's address itself, and nothing else is asked.
  const viaLink = asset.download_url !== undefined;
  const view = useAsset(asset.id, !viaLink).data?.asset;
  const url = viaLink ? (asset.download_url ?? null) : (view?.download_url ?? null);
  if (render) return <>{render(url)}</>;
  const converts = CONVERTIBLE.includes(asset.mime ?? '') && !!asset.width;
  const base = (asset.name ?? 'asset').replace(/\.[^.]+$/, '');
  return (
    <Group gap={6}>
      {formats.includes('original') && url && (
        <Button
          component="a"
          href={url}
          download={asset.name ?? undefined}
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} />}
          aria-label={t('guidelines.downloadNamed', { name: asset.name, format: t('guidelines.original') })}
        >
          {t('guidelines.original')}
        </Button>
      )}
      {converts &&
        view?.abilities.download &&
        formats
          .filter((f): f is Exclude<Format, 'original'> => f !== 'original')
          .map((f) => (
            <Button
              key={f}
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={14} />}
              aria-label={t('guidelines.downloadNamed', { name: asset.name, format: f.toUpperCase() })}
              onClick={() =>
                void downloadCrop(
                  asset.id,
                  { x: 0, y: 0, w: 1, h: 1, width: asset.width!, format: f },
                  `${base}.${f === 'jpeg' ? 'jpg' : f}`,
                ).catch(notifyError)
              }
            >
              {f.toUpperCase()}
            </Button>
          ))}
    </Group>
  );
}
