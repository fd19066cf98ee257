import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { CollectionUpdateBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ApiError } from '../../api/errors';
import { formatNumber } from '../../i18n/format';
import { useCollectionAssets, useCreateCollection, useOwnCollections } from './api';

interface Props {
  opened: boolean;
  assetIds: number[];
  onClose: () => void;
  /** After the assets were added (the selection may be cleared). */
  onDone?: () => void;
}

/** Adds assets to one of the caller's collections, or to a new one named here. */
export function AddToCollectionModal({ opened, assetIds, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('collections.addTitle', { count: assetIds.length, formatted: formatNumber(assetIds.length) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <AddForm assetIds={assetIds} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function AddForm({ assetIds, onClose, onDone }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const list = useOwnCollections();
  const add = useCollectionAssets();
  const create = useCreateCollection();
  const [target, setTarget] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ target?: string; name?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const count = { count: assetIds.length, formatted: formatNumber(assetIds.length) };

  const finish = (collection: { id: number; name: string }) => {
    notifySuccess(t('collections.addedTitle'), t('collections.added', { ...count, name: collection.name }), 'assets');
    onDone?.();
    onClose();
  };
  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.fields?.name) setErrors({ name: e.fields.name });
    else if (e instanceof ApiError && e.status === 404) setFailure(e);
    else notifyError(e, 'assets');
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (name.trim()) {
      const fields = validateWith(CollectionUpdateBody, { name });
      if (fields.name) return setErrors({ name: fields.name });
      create.mutate({ name: name.trim(), assetIds }, { onSuccess: (r) => finish(r.collection), onError: failed });
      return;
    }
    if (!target) return setErrors({ target: t('collections.pickOne') });
    const id = Number(target);
    const chosen = list.data?.items.find((c) => c.id === id);
    add.mutate(
      { id, ids: assetIds, add: true },
      { onSuccess: () => finish({ id, name: chosen?.name ?? '' }), onError: failed },
    );
  };

  const options = (list.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${formatNumber(c.asset_count)})`,
  }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light">
            {t('collections.addRefused')}
          </Alert>
        )}
        <Select
          label={t('collections.existing')}
          placeholder={list.isPending ? t('common.loading') : t('collections.pickPlaceholder')}
          data={options}
          value={target}
          onChange={(v) => {
            setTarget(v);
            setErrors({});
          }}
          searchable
          clearable
          nothingFoundMessage={t('collections.noneFound')}
          error={errors.target}
          disabled={name.trim() !== ''}
          comboboxProps={{ withinPortal: true, zIndex: 1300 }}
          data-autofocus
        />
        <Text size="xs" c="dimmed" ta="center">
          {t('collections.or')}
        </Text>
        <TextInput
          label={t('collections.newName')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors({});
          }}
          error={errors.name}
        />
        <Group justify="space-between" gap="sm">
          <Button component={Link} to="/collections/own" variant="subtle" size="compact-sm" onClick={onClose}>
            {t('collections.manage')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || create.isPending}>
              {t('collections.add')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
