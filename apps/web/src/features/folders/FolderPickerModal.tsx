import { useState } from 'react';
import { Alert, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFolder, IconFolderOpen, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';
import { flattenTree, useFolderTree } from './api';
import classes from './Folders.module.css';

interface Props {
  opened: boolean;
  brandId: number;
  title: string;
  confirmLabel: string;
  /** Folders that cannot be chosen (the moved folder's subtree, the current place). */
  disabledIds?: Set<number>;
  pending?: boolean;
  /** A refusal from the server (e.g. a move into itself), shown above the buttons. */
  error?: unknown;
  onPick: (folderId: number) => void;
  onClose: () => void;
}

/** A 422 names the reason in its field message (e.g. a move into its own subfolder); prefer it. */
function refusal(error: unknown): string {
  const field = error instanceof ApiError && error.fields ? Object.values(error.fields)[0] : undefined;
  return field ?? errorTexts(error, currentLang()).message;
}

/** A folder picker built from the brand's tree, for moving and copying. */
export function FolderPickerModal({
  opened,
  brandId,
  title,
  confirmLabel,
  disabledIds,
  pending,
  error,
  onPick,
  onClose,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {opened && (
        <Picker
          brandId={brandId}
          confirmLabel={confirmLabel}
          disabledIds={disabledIds}
          pending={pending}
          error={error}
          onPick={onPick}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function Picker({
  brandId,
  confirmLabel,
  disabledIds,
  pending,
  error,
  onPick,
  onClose,
}: Omit<Props, 'opened' | 'title'>) {
  const { t } = useTranslation();
  const tree = useFolderTree(brandId);
  const [chosen, setChosen] = useState<number | null>(null);
  const rows = tree.data ? flattenTree(tree.data.root) : [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('folders.pickHint')}
      </Text>
      <ScrollArea.Autosize mah={340}>
        {tree.isPending ? (
          <Stack gap={6}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={28} width={`${90 - i * 8}%`} ml={i * 12} />
            ))}
          </Stack>
        ) : (
          <div role="listbox" aria-label={t('folders.pickLabel')}>
            {rows.map(({ node, depth }) => {
              const disabled = disabledIds?.has(node.id) ?? false;
              const selected = chosen === node.id;
              return (
                <UnstyledButton
                  key={node.id}
                  role="option"
                  aria-selected={selected}
                  aria-disabled={disabled}
                  disabled={disabled}
                  className={classes.pickRow}
                  data-selected={selected || undefined}
                  style={{ paddingLeft: 8 + depth * 18 }}
                  onClick={() => setChosen(node.id)}
                >
                  {selected ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
                  <Text size="sm" truncate style={{ flex: 1 }}>
                    {depth === 0 ? t('folders.root') : node.name}
                  </Text>
                  {node.visibility === 'PRIVATE' && <IconLock size={12} aria-label={t('visibility.PRIVATE')} />}
                </UnstyledButton>
              );
            })}
          </div>
        )}
      </ScrollArea.Autosize>
      {error !== undefined && error !== null && (
        <Alert color="red" variant="light" role="alert">
          {refusal(error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button disabled={chosen === null} loading={pending} onClick={() => chosen !== null && onPick(chosen)}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
