import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRemovePhoto } from './api';
import { PhotoCropDialog } from './PhotoCropDialog';

interface Props {
  userId: number;
  name: string;
  photoUri: string | null;
  /** Whether the caller may change it (the server's `abilities.photo`, or their own profile). */
  canChange: boolean;
  /** Beside the photo, above the actions (the profile's name); else a line about the file. */
  children?: ReactNode;
  size?: number;
}

/** A user's profile photo (or the user icon) with the actions to change and remove it. */
export function PhotoField({ userId, name, photoUri, canChange, children, size = 80 }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  // The same file chosen again after a cancel must open the dialog again.
  const resetRef = useRef<() => void>(null);
  const close = () => {
    setFile(null);
    resetRef.current?.();
  };
  const remove = useRemovePhoto();

  const onRemove = async () => {
    const ok = await confirm({
      title: t('photo.removeConfirmTitle'),
      message: t('photo.removeConfirm'),
      confirmLabel: t('photo.remove'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(userId, {
      onSuccess: () => notifySuccess(t('photo.removedTitle'), t('photo.removed')),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={photoUri ?? undefined}
        alt={photoUri ? t('photo.of', { name }) : ''}
        size={size}
        radius="xl"
        color="vault"
      >
        <IconUser size={size / 2} stroke={1.5} />
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0 }}>
        {children ??
          (canChange && (
            <Text size="xs" c="dimmed">
              {t('photo.hint')}
            </Text>
          ))}
        {canChange && (
          <Group gap="xs">
            <FileButton
              resetRef={resetRef}
              onChange={setFile}
              accept="image/png,image/jpeg,image/webp,image/gif,image/tiff,image/avif"
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" leftSection={<IconPhotoPlus size={14} />}>
                  {photoUri ? t('photo.change') : t('photo.add')}
                </Button>
              )}
            </FileButton>
            {photoUri && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={remove.isPending}
                onClick={() => void onRemove()}
              >
                {t('photo.remove')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {file && (
        <PhotoCropDialog key={`${file.name}:${file.lastModified}`} userId={userId} file={file} onClose={close} />
      )}
    </Group>
  );
}
