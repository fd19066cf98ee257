import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { SAVED_SEARCH_NAME_MAX } from '@brandvault/contract';
import type { AssetSearchBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveSearch } from './api';

interface Props {
  folderId: number;
  body: AssetSearchBody;
}

/** "Save search": names the searcher's current query and filters (shown only while searching). */
export function SaveSearchButton({ folderId, body }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconBookmarkPlus size={14} />} onClick={() => setOpen(true)}>
        {t('savedSearches.save')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('savedSearches.saveTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && <SaveForm folderId={folderId} body={body} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function SaveForm({ folderId, body, onDone }: Props & { onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSearch();
  const form = useForm({
    initialValues: { name: '', pinned: false, as_collection: false },
    validate: { name: (v) => (v.trim() ? null : t('savedSearches.nameRequired')) },
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { name: v.name.trim(), folder_id: folderId, search: body, pinned: v.pinned, as_collection: v.as_collection },
      {
        onSuccess: (s) => {
          notifySuccess(t('savedSearches.savedTitle'), t('savedSearches.saved', { name: s.name }), 'assets');
          onDone();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e, 'assets');
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('savedSearches.name')}
          required
          data-autofocus
          maxLength={SAVED_SEARCH_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <Checkbox label={t('savedSearches.pinIt')} {...form.getInputProps('pinned', { type: 'checkbox' })} />
        <Checkbox
          label={t('savedSearches.asCollection')}
          description={t('savedSearches.asCollectionHelp')}
          {...form.getInputProps('as_collection', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('savedSearches.saveAction')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
