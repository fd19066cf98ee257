import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FOLDER_NAME_MAX, FolderNewBody, FolderUpdateBody } from '@brandvault/contract';
import type { Folder, FolderCard, Visibility } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { CroppedFile } from '../brands/api';
import { ImageCropField } from '../brands/ImageCropField';
import { useCreateFolder, useUpdateFolder } from './api';

export type FolderFormMode =
  { kind: 'create'; brandId: number; parentId: number } | { kind: 'rename'; folder: FolderCard | Folder };

interface Values {
  name: string;
  visibility: Visibility | null;
  image: CroppedFile | null;
  remove_image: boolean;
}

/** The folder card's cover is 16:9: the picture is framed to it. */
export const FOLDER_IMAGE_ASPECT = 16 / 9;

function toBody(mode: FolderFormMode, v: Values) {
  const common = { name: v.name, visibility: v.visibility ?? undefined };
  return mode.kind === 'create' ? { brand_id: mode.brandId, parent_id: mode.parentId, ...common } : common;
}

/** Create and rename share one form: name (required, ≤ 510) and visibility (required). */
export function FolderFormModal({ mode, onClose }: { mode: FolderFormMode | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={mode?.kind === 'rename' ? t('folders.renameTitle') : t('folders.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mode && (
        <FolderForm
          key={mode.kind === 'rename' ? mode.folder.id : `new-${mode.parentId}`}
          mode={mode}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function FolderForm({ mode, onDone }: { mode: FolderFormMode; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFolder();
  const update = useUpdateFolder();
  // A new folder starts Public, as in the paid portals (issue 44 §4); Private is one click away.
  const form = useForm<Values>({
    initialValues:
      mode.kind === 'rename'
        ? { name: mode.folder.name, visibility: mode.folder.visibility, image: null, remove_image: false }
        : { name: '', visibility: 'PUBLIC', image: null, remove_image: false },
    validate: (v) =>
      validateWith(
        mode.kind === 'create' ? FolderNewBody : FolderUpdateBody.required({ name: true, visibility: true }),
        toBody(mode, v),
      ),
  });

  const submit = form.onSubmit((values) => {
    const onError = (error: unknown) => {
      if (!applyFieldErrors(form, error)) notifyError(error, 'folders');
    };
    if (mode.kind === 'create') {
      create.mutate(
        {
          body: {
            brand_id: mode.brandId,
            parent_id: mode.parentId,
            name: values.name.trim(),
            visibility: values.visibility ?? 'PUBLIC',
          },
          image: values.image,
        },
        {
          onSuccess: ({ folder }) => {
            notifySuccess(t('folders.createdTitle'), t('folders.created', { name: folder.name }), 'folders');
            onDone();
          },
          onError,
        },
      );
    } else {
      update.mutate(
        {
          id: mode.folder.id,
          body: {
            name: values.name.trim(),
            visibility: values.visibility ?? undefined,
            ...(values.remove_image && !values.image ? { remove_image: true } : {}),
          },
          image: values.image,
        },
        {
          onSuccess: ({ folder }) => {
            notifySuccess(t('folders.updatedTitle'), t('folders.updated', { name: folder.name }), 'folders');
            onDone();
          },
          onError,
        },
      );
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('folders.name')}
          name="name"
          required
          data-autofocus
          maxLength={FOLDER_NAME_MAX + 50}
          description={t('folders.nameHint', { max: FOLDER_NAME_MAX })}
          {...form.getInputProps('name')}
        />
        <Radio.Group
          label={t('folders.visibility')}
          name="visibility"
          required
          {...form.getInputProps('visibility')}
          value={form.values.visibility ?? ''}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="PUBLIC" label={t('visibility.PUBLIC')} description={t('visibility.publicHint')} />
            <Radio value="PRIVATE" label={t('visibility.PRIVATE')} description={t('visibility.privateHint')} />
          </Stack>
        </Radio.Group>
        <ImageCropField
          label={t('folders.image')}
          aspect={FOLDER_IMAGE_ASPECT}
          value={form.values.image}
          onChange={(v) => form.setFieldValue('image', v)}
          currentUrl={mode.kind === 'rename' ? mode.folder.image_uri : null}
          removed={form.values.remove_image}
          onRemoveCurrent={mode.kind === 'rename' ? () => form.setFieldValue('remove_image', true) : undefined}
        />
        <Text size="xs" c="dimmed">
          {t('folders.imageHint')}
        </Text>
        <Text size="xs" c="dimmed">
          {mode.kind === 'create' ? t('folders.createHint') : t('folders.renameHint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {mode.kind === 'create' ? t('folders.create') : t('folders.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
