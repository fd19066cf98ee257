import { useEffect, useRef, useState } from 'react';
import { Portal, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './PageDrop.module.css';

const carriesFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');

/**
 * Files dropped anywhere on a folder view start an upload there: while files are dragged over the
 * window an overlay names the destination, and a drop hands them to `onFiles` (the upload dialog,
 * opened with them listed and waiting for Start). Text or links dragged inside the page are left
 * alone, and nothing happens while `enabled` is false (no upload right, a dialog already open).
 */
export function PageDrop({
  enabled,
  folderName,
  onFiles,
}: {
  enabled: boolean;
  folderName: string;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed; the depth says when the window is left.
  const depth = useRef(0);
  const handler = useRef(onFiles);
  handler.current = onFiles;

  useEffect(() => {
    if (!enabled) return;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current += 1;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const overPage = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      // Without this the browser would open the file in the tab instead of dropping it here.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length) handler.current(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overPage);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overPage);
      window.removeEventListener('drop', drop);
      depth.current = 0;
      setOver(false);
    };
  }, [enabled]);

  if (!enabled || !over) return null;
  return (
    <Portal>
      <div className={classes.overlay} data-testid="page-drop" role="presentation">
        <Stack align="center" gap={8} className={classes.panel}>
          <IconCloudUpload size={48} stroke={1.4} aria-hidden />
          <Text fw={600} size="lg" ta="center">
            {t('upload.dropAnywhere', { folder: folderName })}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('upload.dropAnywhereHint')}
          </Text>
        </Stack>
      </div>
    </Portal>
  );
}
