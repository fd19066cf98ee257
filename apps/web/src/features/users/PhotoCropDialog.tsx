import { useEffect, useState } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { USER_PHOTO_MAX_BYTES } from '@brandvault/contract';
import type { Crop } from '@brandvault/contract';
import Cropper from 'react-easy-crop';
import type { Area, Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { ApiError, errorTexts } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { currentLang } from '../../i18n';
import { toCrop } from '../brands/ImageCropField';
import { useSetPhoto, useUploadPhoto } from './api';
import { ZoomSlider } from '../../ui/form/ZoomSlider';

interface Props {
  userId: number;
  file: File;
  onClose: () => void;
}

/**
 * Frames a new profile photo: a square with zoom. The file is sent as soon as it is chosen, so a
 * file that is not an image (or too large) is refused before any framing; saving sets the upload
 * with the square chosen, in pixels of the picture.
 */
export function PhotoCropDialog({ userId, file, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const upload = useUploadPhoto();
  const set = useSetPhoto();
  const [src, setSrc] = useState<string | null>(null);
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Crop | null>(null);
  const tooLarge = file.size > USER_PHOTO_MAX_BYTES;

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    if (!tooLarge) upload.mutate({ userId, file });
    return () => URL.revokeObjectURL(url);
  }, [file]); // eslint-disable-line react-hooks/exhaustive-deps

  const refusal = tooLarge
    ? t('photo.tooLarge', { mb: USER_PHOTO_MAX_BYTES / 1024 / 1024 })
    : upload.error instanceof ApiError && upload.error.fields?.photo
      ? upload.error.fields.photo
      : upload.error
        ? errorTexts(upload.error, currentLang()).message
        : null;

  const save = () => {
    if (!upload.data) return;
    // Before the cropper has measured the picture its frame is the centre square: the server's default.
    set.mutate(
      { userId, photoId: upload.data.photo.id, crop: area ?? undefined },
      {
        onSuccess: () => {
          notifySuccess(t('photo.uploadedTitle'), t('photo.uploaded'));
          onClose();
        },
        onError: (e) => notifyError(e),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('photo.cropTitle')} size="md" fullScreen={!!phone} centered>
      <Stack gap="sm">
        {refusal ? (
          <Alert color="red" variant="light" title={t('photo.refusedTitle')} role="alert">
            {refusal}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('photo.cropHint')}
            </Text>
            <Box
              pos="relative"
              h={phone ? 280 : 320}
              bg="dark.7"
              style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
            >
              {src && (
                <Cropper
                  image={src}
                  crop={position}
                  zoom={zoom}
                  aspect={1}
                  onCropChange={setPosition}
                  onZoomChange={setZoom}
                  onCropComplete={(_area: Area, pixels: Area) => setArea(toCrop(pixels))}
                />
              )}
            </Box>
            <ZoomSlider label={t('photo.zoom')} value={zoom} onChange={setZoom} max={3} labelSize="sm" />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {!refusal && (
            <Button onClick={save} loading={upload.isPending || set.isPending} disabled={!upload.data}>
              {t('photo.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
