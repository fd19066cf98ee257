import { useEffect } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconFile } from '@tabler/icons-react';
import type { SharedView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../i18n/format';
import classes from './Shared.module.css';
import { SharedFields } from './SharedFields';
import { onTermsDownload } from '../assets/termsDownload';

type SharedAsset = SharedView['assets']['items'][number];

/** One shared asset large, with the previous and next ones a key away, and its download when allowed. */
export function SharedViewer({
  items,
  index,
  onIndex,
  onClose,
}: {
  items: SharedAsset[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const a = index === null ? undefined : items[index];
  const prev = index !== null && index > 0 ? index - 1 : null;
  const next = index !== null && index < items.length - 1 ? index + 1 : null;
  useEffect(() => {
    if (index === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' && prev !== null) onIndex(prev);
      if (e.key === 'ArrowRight' && next !== null) onIndex(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, prev, next, onIndex]);
  const image = a?.preview_url ?? a?.thumbnail_url;
  return (
    <Modal
      opened={a !== undefined}
      onClose={onClose}
      fullScreen
      title={a?.name}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      classNames={{ content: classes.viewer, header: classes.viewerHeader, body: classes.viewerBody }}
    >
      {a && (
        <Stack gap="md" h="100%">
          <div className={classes.stage}>
            <ActionIcon
              className={classes.prev}
              variant="default"
              size="xl"
              radius="xl"
              disabled={prev === null}
              onClick={() => prev !== null && onIndex(prev)}
              aria-label={t('share.previous')}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            {image ? (
              <img className={classes.stageImage} src={image} alt={a.name} />
            ) : (
              <IconFile size={96} stroke={1.2} aria-hidden />
            )}
            <ActionIcon
              className={classes.next}
              variant="default"
              size="xl"
              radius="xl"
              disabled={next === null}
              onClick={() => next !== null && onIndex(next)}
              aria-label={t('share.next')}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </div>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {[a.ext.toUpperCase(), formatBytes(a.size), a.width && a.height ? `${a.width} × ${a.height}` : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {a.download_url && (
              <Button
                component="a"
                href={a.download_url}
                download
                onClick={onTermsDownload(a.download_url, a.name, a.terms, t)}
                leftSection={<IconDownload size={16} />}
              >
                {t('share.download')}
              </Button>
            )}
          </Group>
          <SharedFields fields={a.fields} />
        </Stack>
      )}
    </Modal>
  );
}
