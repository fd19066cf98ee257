import { useEffect, useState } from 'react';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import Cropper from 'react-easy-crop';
import type { Area, Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { CroppedFile } from './api';
import { ZoomSlider } from '../../ui/form/ZoomSlider';

interface Props {
  label: string;
  /** 16/9 for the brand image, 1 for the logo. */
  aspect: number;
  value: CroppedFile | null;
  onChange: (value: CroppedFile | null) => void;
  /** The picture saved on the brand (edit), shown until replaced or removed. */
  currentUrl?: string | null;
  removed?: boolean;
  onRemoveCurrent?: () => void;
}

/** Crop rectangles travel in source pixels as integers (contract Crop). */
export function toCrop(area: Area) {
  return {
    x: Math.max(0, Math.round(area.x)),
    y: Math.max(0, Math.round(area.y)),
    width: Math.max(1, Math.round(area.width)),
    height: Math.max(1, Math.round(area.height)),
  };
}

/** Choose a picture and frame it with react-easy-crop; the crop is sent with the file. */
export function ImageCropField({ label, aspect, value, onChange, currentUrl, removed, onRemoveCurrent }: Props) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    if (!value) {
      setSrc(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [value?.file]); // eslint-disable-line react-hooks/exhaustive-deps

  const pick = (file: File | null) => {
    if (!file) return;
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    onChange({ file, crop: { x: 0, y: 0, width: 1, height: 1 } });
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value && src ? (
        <>
          <Box
            pos="relative"
            h={220}
            bg="dark.7"
            style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
          >
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => onChange({ file: value.file, crop: toCrop(pixels) })}
            />
          </Box>
          <ZoomSlider label={t('brandAdmin.zoom')} value={zoom} onChange={setZoom} max={3}>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
              {t('brandAdmin.discardPicture')}
            </Button>
          </ZoomSlider>
        </>
      ) : currentUrl && !removed ? (
        <Group gap="sm">
          <Image src={currentUrl} alt="" h={64} w={aspect === 1 ? 64 : 114} fit="contain" bg="gray.1" radius="sm" />
          {onRemoveCurrent && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} />}
              onClick={onRemoveCurrent}
            >
              {t('brandAdmin.removePicture')}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('brandAdmin.noPicture')}
        </Text>
      )}
      <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml">
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconPhotoPlus size={14} />}
            style={{ alignSelf: 'flex-start' }}
            aria-label={`${t('brandAdmin.choosePicture')}: ${label}`}
          >
            {t('brandAdmin.choosePicture')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
