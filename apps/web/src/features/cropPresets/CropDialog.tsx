import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { CROP_MAX_PIXELS, CROP_MAX_SIDE } from '@brandvault/contract';
import type { AssetCard, AssetCropQuery, CropFormat, CropPreset } from '@brandvault/contract';
import Cropper from 'react-easy-crop';
import type { Area, Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { formatNumber } from '../../i18n/format';
import { FormActions } from '../../ui/form/FormActions';
import { FormModal } from '../../ui/form/FormModal';
import { SegmentedField } from '../../ui/form/SegmentedField';
import { SliderField } from '../../ui/form/SliderField';
import { ZoomSlider } from '../../ui/form/ZoomSlider';
import { downloadCrop, useCropPresets } from './api';

/** Originals the server can crop (the bundled libvips decodes them itself). */
const CROPPABLE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff', 'avif']);

/** Offered from the viewer for an image the user may download, whose size and preview are known. */
export const canCrop = (a: AssetCard) =>
  a.type === 'image' &&
  a.abilities.download &&
  CROPPABLE.has(a.ext.toLowerCase()) &&
  !!a.width &&
  !!a.height &&
  !!(a.preview_url ?? a.thumbnail_url);

const ASPECTS = { free: null, '1:1': 1, '4:5': 4 / 5, '16:9': 16 / 9, '9:16': 9 / 16, '3:2': 3 / 2 } as const;
type AspectName = keyof typeof ASPECTS;
const FORMATS: { value: CropFormat; label: string }[] = [
  { value: 'jpeg', label: 'JPEG' },
  { value: 'png', label: 'PNG' },
  { value: 'webp', label: 'WebP' },
  { value: 'avif', label: 'AVIF' },
];

/** A rectangle in fractions (0–1) of the upright original. */
type Rect = { x: number; y: number; w: number; h: number };

/** The largest rectangle of `aspect` (output width / height) centred in a W×H image. */
export function centred(aspect: number, W: number, H: number): Rect {
  const w = Math.min(1, (H * aspect) / W);
  const h = Math.min(1, W / aspect / H);
  return { x: (1 - w) / 2, y: (1 - h) / 2, w, h };
}

const six = (v: number) => Math.round(v * 1e6) / 1e6;
/** Fractions for the query: six decimals, inside the image. */
function forQuery(r: Rect): Rect {
  const x = six(Math.min(1, Math.max(0, r.x)));
  const y = six(Math.min(1, Math.max(0, r.y)));
  return { x, y, w: six(Math.max(1e-6, Math.min(r.w, 1 - x))), h: six(Math.max(1e-6, Math.min(r.h, 1 - y))) };
}

interface Props {
  asset: AssetCard;
  opened: boolean;
  onClose: () => void;
}

/** "Crop and download": frame a part of an image, pick its output size and format, and save it. */
export function CropDialog({ asset, opened, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('crop.title', { name: asset.name })}
      size="lg"
      fullScreen={!!phone}
      // Above the full-screen viewer it opens from.
      zIndex={1100}
    >
      {() => <CropForm asset={asset} onDone={onClose} />}
    </FormModal>
  );
}

function CropForm({ asset, onDone }: { asset: AssetCard; onDone: () => void }) {
  const { t } = useTranslation();
  const W = asset.width!;
  const H = asset.height!;
  const [aspectName, setAspectName] = useState<AspectName>('free');
  // Free: the output's own width and height set the frame; null follows the largest size.
  const [outW, setOutW] = useState<number | null>(null);
  const [outH, setOutH] = useState<number | null>(null);
  const [upscale, setUpscale] = useState(false);
  const [format, setFormat] = useState<CropFormat>('jpeg');
  const [quality, setQuality] = useState(85);
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[] | null>(null);
  // A brand's channel preset fixes the aspect and the output size (and maybe the format).
  const [channel, setChannel] = useState<CropPreset | null>(null);
  const channels = useCropPresets(asset.brand_id).data?.presets ?? [];

  // Free: the frame takes the output's width : height as typed (at first, the original's).
  const [freeAspect, setFreeAspect] = useState(W / H);
  const preset = channel ? channel.width / channel.height : ASPECTS[aspectName];
  const aspect = preset ?? freeAspect;
  // Until the cropper has measured the picture, the centred rectangle of the aspect.
  const [area, setArea] = useState<Rect>(() => centred(aspect, W, H));
  // Source pixels of the rectangle: the output may not exceed them without upscaling.
  const cw = Math.max(1, Math.round(area.w * W));
  const ch = Math.max(1, Math.round(area.h * H));
  const maxW = Math.max(1, Math.min(cw, Math.floor(ch * aspect)));
  const maxH = Math.max(1, Math.round(maxW / aspect));
  // Without a typed size, the largest the rectangle gives.
  const width = outW ?? maxW;
  const height = channel
    ? channel.height
    : preset
      ? Math.max(1, Math.round(width / preset))
      : (outH ?? Math.max(1, Math.round(width / aspect)));
  const tooBig = !upscale && (width > cw || height > ch);
  const tooLarge = width > CROP_MAX_SIDE || height > CROP_MAX_SIDE || width * height > CROP_MAX_PIXELS;

  const chooseAspect = (name: string) => {
    const next = name as AspectName;
    setChannel(null);
    setAspectName(next);
    setOutW(null);
    setOutH(null);
    setZoom(1);
    setPosition({ x: 0, y: 0 });
    setFreeAspect(W / H);
    setArea(centred(ASPECTS[next] ?? W / H, W, H));
  };
  const chooseChannel = (id: string | null) => {
    const next = channels.find((c) => String(c.id) === id) ?? null;
    if (!next) return chooseAspect(aspectName);
    setChannel(next);
    setOutW(next.width);
    setOutH(null);
    setZoom(1);
    setPosition({ x: 0, y: 0 });
    if (next.format) setFormat(next.format);
    setArea(centred(next.width / next.height, W, H));
  };
  // Before the picture has loaded (or where it cannot, as in tests) the cropper reports NaN.
  const onComplete = (percent: Area) => {
    const { x, y, width: w, height: h } = percent;
    if (![x, y, w, h].every(Number.isFinite) || w <= 0 || h <= 0) return;
    setArea({ x: x / 100, y: y / 100, w: w / 100, h: h / 100 });
  };

  const download = async () => {
    setBusy(true);
    setError(null);
    const query: AssetCropQuery = {
      ...forQuery(area),
      width,
      height,
      format,
      ...(format === 'png' ? {} : { quality }),
      upscale: upscale ? 'true' : 'false',
    };
    const ext = format === 'jpeg' ? 'jpg' : format;
    try {
      await downloadCrop(asset.id, query, `${asset.name.replace(/\.[^.]+$/, '')}-crop-${width}x${height}.${ext}`);
      onDone();
    } catch (err) {
      if (err instanceof ApiError)
        setError(err.fields && Object.keys(err.fields).length ? Object.values(err.fields) : [err.message]);
      else setError([t('crop.failed')]);
    } finally {
      setBusy(false);
    }
  };

  const size = (v: number) => formatNumber(v);
  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        h={{ base: 260, sm: 340 }}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      >
        <Cropper
          image={asset.preview_url ?? asset.thumbnail_url ?? undefined}
          crop={position}
          zoom={zoom}
          maxZoom={8}
          aspect={aspect}
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropComplete={onComplete}
        />
      </Box>
      <ZoomSlider label={t('crop.zoom')} value={zoom} onChange={setZoom} max={8} />
      {channels.length > 0 && (
        <Select
          label={t('crop.channel')}
          description={t('crop.channelHint')}
          placeholder={t('crop.channelNone')}
          data={channels.map((c) => ({ value: String(c.id), label: `${c.name} · ${c.width}×${c.height}` }))}
          value={channel ? String(channel.id) : null}
          onChange={chooseChannel}
          clearable
          comboboxProps={{ zIndex: 1200 }}
        />
      )}
      <SegmentedField
        label={t('crop.aspect')}
        value={channel ? '' : aspectName}
        onChange={chooseAspect}
        data={Object.keys(ASPECTS).map((k) => ({ value: k, label: k === 'free' ? t('crop.free') : k }))}
      />
      <Group gap="sm" grow align="flex-start" wrap="nowrap">
        <NumberInput
          label={t('crop.width')}
          suffix=" px"
          min={1}
          max={CROP_MAX_SIDE}
          allowDecimal={false}
          allowNegative={false}
          value={width}
          readOnly={!!channel}
          onChange={(v) => {
            const n = typeof v === 'number' && v >= 1 ? v : null;
            setOutW(n);
            // Free: the frame follows the typed width against the height shown.
            if (!preset && n) {
              setOutH(height);
              setFreeAspect(n / height);
            }
          }}
          error={
            tooBig
              ? t('crop.tooBig')
              : tooLarge
                ? t('crop.tooLarge', { max: size(CROP_MAX_SIDE), mp: CROP_MAX_PIXELS / 1e6 })
                : undefined
          }
          miw={0}
        />
        <NumberInput
          label={t('crop.height')}
          suffix=" px"
          min={1}
          max={CROP_MAX_SIDE}
          allowDecimal={false}
          allowNegative={false}
          value={height}
          // A preset keeps the aspect: the height follows the width.
          readOnly={!!preset}
          description={preset ? t('crop.aspectKept') : undefined}
          onChange={(v) => {
            const n = typeof v === 'number' && v >= 1 ? v : null;
            setOutH(n);
            if (!preset && n) {
              setOutW(width);
              setFreeAspect(width / n);
            }
          }}
          miw={0}
        />
      </Group>
      <Group gap="sm" justify="space-between">
        <Text size="xs" c="dimmed" data-testid="crop-max">
          {t('crop.max', { width: size(maxW), height: size(maxH) })}
        </Text>
        <Checkbox
          size="xs"
          label={t('crop.upscale')}
          checked={upscale}
          onChange={(e) => setUpscale(e.currentTarget.checked)}
        />
      </Group>
      <SegmentedField
        label={t('crop.format')}
        value={format}
        onChange={(v) => setFormat(v as CropFormat)}
        data={FORMATS}
      />
      {format !== 'png' && (
        <SliderField
          label={t('crop.quality', { value: quality })}
          value={quality}
          onChange={setQuality}
          min={1}
          max={100}
          thumbLabel={t('crop.qualityLabel')}
        />
      )}
      {error && (
        <Alert color="red" role="alert" title={t('crop.failed')}>
          {error.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <FormActions>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={busy}
          disabled={tooBig || tooLarge}
          onClick={() => void download()}
        >
          {t('crop.download')}
        </Button>
      </FormActions>
    </Stack>
  );
}
