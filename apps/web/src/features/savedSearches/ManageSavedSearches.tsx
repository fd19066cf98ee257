import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import type { SavedSearch } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteSavedSearch, usePinSavedSearch, useShareSavedSearch, useUpdateSavedSearch } from './api';

/** Rename, pin, share (managers) and delete saved searches, one row each. */
export function ManageSavedSearches({
  opened,
  onClose,
  items,
}: {
  opened: boolean;
  onClose: () => void;
  items: SavedSearch[];
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('savedSearches.manageTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {items.length === 0 && <Text c="dimmed">{t('savedSearches.none')}</Text>}
        {items.map((s) => (
          <Row key={s.id} s={s} />
        ))}
      </Stack>
    </Modal>
  );
}

function Row({ s }: { s: SavedSearch }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(s.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSavedSearch();
  const pin = usePinSavedSearch();
  const share = useShareSavedSearch();
  const remove = useDeleteSavedSearch();

  const rename = () =>
    update.mutate(
      { id: s.id, name: name.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          setError(null);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields?.name) setError(e.fields.name);
          else notifyError(e, 'assets');
        },
      },
    );
  const askDelete = async () => {
    const ok = await confirm({
      title: t('savedSearches.deleteTitle'),
      message: t('savedSearches.deleteMessage', { name: s.name }),
      confirmLabel: t('savedSearches.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok)
      remove.mutate(s.id, {
        onSuccess: () =>
          notifySuccess(t('savedSearches.deletedTitle'), t('savedSearches.deleted', { name: s.name }), 'assets'),
        onError: (e) => notifyError(e, 'assets'),
      });
  };

  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid={`saved-search-${s.id}`}>
      {editing ? (
        <Group gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 180 }}>
          <TextInput
            size="xs"
            aria-label={t('savedSearches.name')}
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="light"
            aria-label={t('savedSearches.saveAction')}
            onClick={rename}
            loading={update.isPending}
          >
            <IconCheck size={14} />
          </ActionIcon>
        </Group>
      ) : (
        <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
          <Text size="sm" fw={500} truncate>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {s.mine ? t('savedSearches.yours') : t('savedSearches.by', { name: s.owner.name })}
            {s.as_collection && (
              <Badge size="xs" ml={6} variant="light">
                {t('savedSearches.smart')}
              </Badge>
            )}
          </Text>
        </Stack>
      )}
      <Group gap={4} wrap="nowrap">
        {s.abilities.update && !editing && (
          <Tooltip label={t('savedSearches.rename')}>
            <ActionIcon variant="subtle" aria-label={t('savedSearches.rename')} onClick={() => setEditing(true)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t(s.pinned ? 'savedSearches.unpin' : 'savedSearches.pin')}>
          <ActionIcon
            variant={s.pinned ? 'light' : 'subtle'}
            aria-label={t(s.pinned ? 'savedSearches.unpin' : 'savedSearches.pin')}
            onClick={() => pin.mutate({ id: s.id, pinned: !s.pinned }, { onError: (e) => notifyError(e, 'assets') })}
          >
            {s.pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
          </ActionIcon>
        </Tooltip>
        {s.abilities.share && (
          <Switch
            size="xs"
            label={t('savedSearches.shareWithBrand')}
            checked={s.shared_with_brand}
            onChange={(e) =>
              share.mutate(
                { id: s.id, shared: e.currentTarget.checked },
                { onError: (err) => notifyError(err, 'assets') },
              )
            }
          />
        )}
        {s.abilities.remove && (
          <Tooltip label={t('savedSearches.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('savedSearches.delete')}
              onClick={() => void askDelete()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {editing && (
          <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
