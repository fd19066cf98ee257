import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MAX_UPLOAD_BYTES, TOAST_MS } from '@brandvault/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../../ui/confirm/confirmStore';
import { notifySuccess, toastBase } from '../../../lib/notify';
import { formatBytes, formatNumber } from '../../../i18n/format';
import { folderKeys } from '../../folders/api';
import { assetKeys } from '../api';
import { roundProgress, summarize } from './uploadState';
import type { FileStatus, UploadItem } from './uploadState';
import { AllowedTypes, ApplyToAll, FileThumb, UploadDestination } from './UploadExtras';
import { useTusUploader } from './useTusUploader';
import { UploadFieldsSection } from '../../uploadFields/UploadFieldsSection';
import { useRoundFields } from '../../uploadFields/useRoundFields';
import { versionTypeChange } from '../versionType';
import { UploadLookAlike } from '../../visuals/UploadLookAlike';
import type { CommonMeta, UploadTarget } from './useTusUploader';
import classes from './UploadDialog.module.css';

const STATUS_COLOR: Record<FileStatus, string> = {
  pending: 'gray',
  loading: 'blue',
  failed: 'red',
  success: 'teal',
  exists: 'yellow',
};

interface Props {
  opened: boolean;
  onClose: () => void;
  target: UploadTarget;
  /** Files dropped on the page before the dialog opened: listed, waiting for Start. */
  initialFiles?: File[] | undefined;
}

/** The dialog only mounts while open, so each opening starts with a fresh Uppy. */
export function UploadDialog({ opened, onClose, target, initialFiles }: Props) {
  if (!opened) return null;
  return <UploadDialogBody onClose={onClose} target={target} initialFiles={initialFiles} />;
}

function UploadDialogBody({ onClose, target, initialFiles }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const maxSize = formatBytes(DEFAULT_MAX_UPLOAD_BYTES);
  const up = useTusUploader(target, {
    tooLarge: t('upload.tooLarge', { size: maxSize }),
    failed: t('upload.failedDefault'),
  });
  const { items, running } = up.state;
  const sum = summarize(items);
  const progress = roundProgress(up.state);
  const [dragging, setDragging] = useState(false);
  const [common, setCommon] = useState<CommonMeta>({});
  const isVersion = target.kind === 'version';
  const finishedRound = useRef(false);
  const pendingFiles = items
    .filter((it) => it.status === 'pending')
    .map((it) => ({ id: it.id, name: it.name, mime: up.fileOf(it.id)?.type }));
  const round = useRoundFields(target.kind === 'folder' ? target.brandId : null, pendingFiles);

  // Once per opening, also under StrictMode's second mount.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !initialFiles?.length) return;
    seeded.current = true;
    up.addFiles(isVersion ? initialFiles.slice(0, 1) : initialFiles);
  }, [initialFiles, isVersion, up]);

  // A round ends when every file of it settled: refresh the listing and say how it went, once (§8).
  // Only this round's files count: earlier failures or successes were told in their own round.
  useEffect(() => {
    if (!running) {
      finishedRound.current = false;
      return;
    }
    if (!progress.settled || finishedRound.current) return;
    finishedRound.current = true;
    up.finished();
    if (target.kind === 'folder') {
      void qc.invalidateQueries({ queryKey: folderKeys.assets(target.folderId) });
      if (progress.failed > 0) {
        notifications.show({
          ...toastBase(),
          color: 'orange',
          title: t('upload.partialTitle'),
          message: t('upload.partial'),
          autoClose: TOAST_MS.assets,
        });
      } else if (progress.success > 0) {
        notifySuccess(t('upload.doneTitle'), t('upload.done', { count: progress.success }), 'assets');
      }
    } else {
      void qc.invalidateQueries({ queryKey: assetKeys.detail(target.assetId) });
      void qc.invalidateQueries({ queryKey: assetKeys.versions(target.assetId) });
      void qc.invalidateQueries({ queryKey: folderKeys.assetLists() });
      if (progress.success > 0) notifySuccess(t('versions.createdTitle'), t('versions.created'), 'assets');
    }
  }, [running, progress.settled, progress.failed, progress.success, target, qc, t, up]);

  // Spec §5: the window must not be closed or refreshed during an upload.
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  const close = async () => {
    if (running) {
      const ok = await confirm({
        title: t('upload.cancelConfirmTitle'),
        message: t('upload.cancelConfirm'),
        confirmLabel: t('upload.cancelUploads'),
        cancelLabel: t('upload.keepUploading'),
        danger: true,
      });
      if (!ok) return;
      up.cancelAll();
    }
    onClose();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (running && isVersion) return;
    const files = Array.from(e.dataTransfer.files);
    up.addFiles(isVersion ? files.slice(0, 1) : files);
  };

  // A new version of another file type is asked about first ("The new version is a PNG; …").
  const startUpload = async () => {
    if (target.kind === 'version' && target.currentExt) {
      const file = items.find((it) => it.status === 'pending');
      const change = file ? versionTypeChange(target.currentExt, file.name) : null;
      if (
        change &&
        !(await confirm({
          title: t('versions.typeChangeTitle'),
          message: t('versions.typeChange', change),
          confirmLabel: t('versions.typeChangeButton'),
          cancelLabel: t('common.cancel'),
        }))
      )
        return;
    }
    void up.start(isVersion ? {} : { ...common, fields: round.common }, round.fieldsOf);
  };

  const canAdd = !(isVersion && items.length > 0);
  const retryable = items.some((it) => it.status === 'failed' && !it.rejected);

  return (
    <Modal
      opened
      onClose={() => void close()}
      title={isVersion ? t('upload.versionTitle') : t('upload.title')}
      size="lg"
      closeOnClickOutside={!running}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {target.kind === 'folder' && <UploadDestination folderId={target.folderId} />}
        {canAdd && (
          <Box
            className={classes.drop}
            data-dragging={dragging || undefined}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="upload-dropzone"
          >
            <Stack align="center" gap={6}>
              <IconCloudUpload size={36} stroke={1.4} color="var(--mantine-color-vault-5)" aria-hidden />
              <Text fw={500}>{isVersion ? t('upload.dropVersion') : t('upload.drop')}</Text>
              <FileButton
                onChange={(files) => up.addFiles(files ? (Array.isArray(files) ? files : [files]) : [])}
                multiple={!isVersion}
              >
                {(props) => (
                  <Button {...props} variant="light" size="xs">
                    {isVersion ? t('upload.chooseFile') : t('upload.chooseFiles')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('upload.maxSize', { size: maxSize })}
              </Text>
              <AllowedTypes />
            </Stack>
          </Box>
        )}

        {target.kind === 'folder' && sum.pending > 0 && !running && (
          <ApplyToAll brandId={target.brandId} value={common} onChange={setCommon} />
        )}
        {!isVersion && sum.pending > 0 && !running && <UploadFieldsSection {...round.section} />}

        {running && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('upload.keepOpenTitle')}
          >
            {t('upload.keepOpen')}
          </Alert>
        )}

        {items.length > 0 && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('upload.counts', {
                total: formatNumber(sum.total),
                done: formatNumber(sum.success + sum.exists),
                failed: formatNumber(sum.failed),
              })}
            </Text>
            <ScrollArea.Autosize mah={320}>
              <Stack gap={6} component="ul" className={classes.list} aria-label={t('upload.listLabel')}>
                {items.map((item) => (
                  <FileRow
                    key={item.id}
                    item={item}
                    file={up.fileOf(item.id)}
                    onRetry={() => up.retry(item.id)}
                    onAnyway={() => up.uploadAnyway(item.id)}
                    onRemove={() => up.remove(item.id)}
                    onNavigate={onClose}
                    showAnyway={!isVersion}
                    lookAlikes={!isVersion}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}

        <Group justify="flex-end" gap="sm">
          {retryable && !running && (
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={up.retryFailed}>
              {t('upload.retryFailed')}
            </Button>
          )}
          <Button variant="default" onClick={() => void close()}>
            {running ? t('upload.cancelUploads') : t('common.close')}
          </Button>
          <StartButton
            running={running}
            current={progress.current}
            total={progress.total}
            pending={sum.pending}
            blocked={round.blocked}
            onStart={() => void startUpload()}
          />
        </Group>
      </Stack>
    </Modal>
  );
}

/** Start, or while a round runs a labelled progress button: what is happening, not only a spinner. */
export function StartButton({
  running,
  current,
  total,
  pending,
  blocked,
  onStart,
}: {
  running: boolean;
  current: number;
  total: number;
  pending: number;
  blocked: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  if (running)
    return (
      <Button leftSection={<Loader size={14} color="gray" />} disabled data-testid="upload-progress-button">
        {t('upload.uploadingOf', { current: formatNumber(current), total: formatNumber(total) })}
      </Button>
    );
  return (
    <Button leftSection={<IconUpload size={16} />} disabled={pending === 0 || blocked} onClick={onStart}>
      {t('upload.start', { count: pending })}
    </Button>
  );
}

export function FileRow({
  item,
  file,
  onRetry,
  onAnyway,
  onRemove,
  onNavigate,
  showAnyway = true,
  lookAlikes = false,
}: {
  item: UploadItem;
  /** The file itself while it is in the list, for its small picture. */
  file?: File;
  onRetry: () => void;
  onAnyway: () => void;
  onRemove: () => void;
  onNavigate?: () => void;
  showAnyway?: boolean;
  /** Follows a stored file's analysis and names a near-duplicate (issue 42 §4). */
  lookAlikes?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box component="li" className={classes.row} data-status={item.status} data-testid="upload-row">
      {/* The status and its button go under the name when the row is narrow (a phone): side by
          side, "Upload anyway" ran out of the dialog at 390 px. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <FileThumb file={file} />
        <Box miw={0} style={{ flex: '1 1 120px' }}>
          <Tooltip label={item.name} openDelay={400}>
            <Text size="sm" fw={500} truncate>
              {item.name}
            </Text>
          </Tooltip>
          <Text size="xs" c="dimmed">
            {formatBytes(item.size)}
          </Text>
        </Box>
        <Group gap="sm" wrap="nowrap" ml="auto">
          <Badge color={STATUS_COLOR[item.status]} variant="light" data-testid="upload-status">
            {item.creation ? t(`upload.creation.${item.creation}`) : t(`upload.status.${item.status}`)}
          </Badge>
          {item.status === 'failed' && !item.rejected && (
            <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={12} />} onClick={onRetry}>
              {t('upload.retry')}
            </Button>
          )}
          {item.status === 'exists' && showAnyway && (
            <Button size="compact-xs" variant="light" onClick={onAnyway}>
              {t('upload.anyway')}
            </Button>
          )}
          {(item.status === 'pending' || item.rejected) && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('upload.remove', { name: item.name })}
              onClick={onRemove}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {item.status === 'loading' && (
        <Progress value={item.progress} size="sm" mt={6} aria-label={t('upload.progress', { name: item.name })} />
      )}
      {item.status === 'failed' && item.error && (
        <Text size="xs" c="red" mt={4}>
          {item.error}
        </Text>
      )}
      {item.status === 'success' && item.pendingReview && (
        <Text size="xs" mt={4} data-testid="upload-pending-review">
          {t('upload.pendingReview')}{' '}
          <Anchor component={Link} to="/uploads/review" onClick={onNavigate} size="xs">
            {t('reviews.mineTitle')}
          </Anchor>
        </Text>
      )}
      {item.status === 'success' && lookAlikes && item.assetId !== undefined && (
        <UploadLookAlike assetId={item.assetId} onNavigate={onNavigate} />
      )}
      {item.status === 'exists' && item.location && (
        <Text size="xs" mt={4}>
          {t('upload.existsIn')}{' '}
          <Anchor component={Link} to={`/brand?folder=${item.location.folder_id}`} onClick={onNavigate} size="xs">
            {item.location.path || item.location.brand_name}
          </Anchor>
        </Text>
      )}
    </Box>
  );
}
