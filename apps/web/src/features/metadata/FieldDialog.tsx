import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { ASSET_TYPES, FIELD_TYPES, MetadataFieldBody, OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { FieldType, MetadataField, Vocabulary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateField, useUpdateField } from './api';

type AssetType = (typeof ASSET_TYPES)[number];

interface Props {
  brandId: number;
  /** The field to edit; null creates one. */
  field: MetadataField | null;
  vocabularies: readonly Vocabulary[];
  onNewVocabulary: () => void;
  onClose: () => void;
}

const initial = (f: MetadataField | null) => ({
  key: f?.key ?? '',
  type: (f?.type ?? 'text') as FieldType,
  label_en: f?.label_en ?? '',
  label_es: f?.label_es ?? '',
  help_en: f?.help_en ?? '',
  help_es: f?.help_es ?? '',
  required: f?.required ?? false,
  asset_types: (f?.asset_types ?? [...ASSET_TYPES]) as AssetType[],
  on_share: f?.on_share ?? false,
  on_pdf: f?.on_pdf ?? false,
  is_filter: f?.is_filter ?? false,
  vocabulary_id: f?.vocabulary_id === null || f?.vocabulary_id === undefined ? '' : String(f.vocabulary_id),
});
type Values = ReturnType<typeof initial>;

const takesOptions = (type: FieldType) => OPTION_FIELD_TYPES.includes(type);

/** What the server gets: trimmed texts, and a vocabulary only for the types that take options. */
export function fieldBody(v: Values) {
  return {
    key: v.key.trim(),
    type: v.type,
    label_en: v.label_en.trim(),
    label_es: v.label_es.trim(),
    help_en: v.help_en.trim(),
    help_es: v.help_es.trim(),
    required: v.required,
    asset_types: v.asset_types,
    on_share: v.on_share,
    on_pdf: v.on_pdf,
    is_filter: v.is_filter,
    vocabulary_id: takesOptions(v.type) && v.vocabulary_id ? Number(v.vocabulary_id) : null,
  };
}

/** A key suggested from the English label while creating: `Shoot location` → `shoot-location`. */
const slugOf = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

/** Create or edit a field with every property; checked as the server would before sending. */
export function FieldDialog({ brandId, field, vocabularies, onNewVocabulary, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateField();
  const update = useUpdateField();
  // Many inputs: on a phone the dialog takes the whole screen rather than a scrolling card.
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useForm({
    initialValues: initial(field),
    validate: (v) => validateWith(MetadataFieldBody, fieldBody(v)),
  });
  const type = form.values.type;
  const kind = type === 'tree' ? 'tree' : 'list';
  const fitting = vocabularies.filter((v) => v.kind === kind);

  const submit = form.onSubmit((values) => {
    const body = fieldBody(values);
    const handlers = {
      onSuccess: (saved: MetadataField) => {
        notifySuccess(t('metadata.fields.saved'), t('metadata.fields.savedText', { name: saved.label_en }));
        onClose();
      },
      onError: (error: unknown) => {
        if (!applyFieldErrors(form, error)) notifyError(error);
      },
    };
    if (field) update.mutate({ id: field.id, body }, handlers);
    else create.mutate({ brandId, body }, handlers);
  });

  // The key follows the English label while creating, until someone types one of their own.
  form.watch('label_en', ({ value, previousValue }) => {
    if (!field && form.getValues().key === slugOf(previousValue)) form.setFieldValue('key', slugOf(value));
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={!!phone}
      title={field ? t('metadata.dialog.editTitle') : t('metadata.dialog.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('metadata.dialog.labelEn')}
              required
              data-autofocus
              {...form.getInputProps('label_en')}
            />
            <TextInput label={t('metadata.dialog.labelEs')} required {...form.getInputProps('label_es')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('metadata.dialog.key')}
              description={t('metadata.dialog.keyHint')}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('key')}
            />
            <Select
              label={t('metadata.dialog.type')}
              description={field ? t('metadata.dialog.typeLocked') : undefined}
              required
              allowDeselect={false}
              data={FIELD_TYPES.map((ft) => ({ value: ft, label: t(`metadata.types.${ft}`) }))}
              {...form.getInputProps('type')}
            />
          </SimpleGrid>
          {takesOptions(type) && (
            <Stack gap={4}>
              <Select
                label={t('metadata.dialog.vocabulary')}
                placeholder={t('metadata.dialog.vocabularyPick')}
                required
                searchable
                nothingFoundMessage={t('metadata.dialog.vocabularyNone')}
                data={fitting.map((v) => ({ value: String(v.id), label: v.name }))}
                {...form.getInputProps('vocabulary_id')}
                onChange={(v) => form.setFieldValue('vocabulary_id', v ?? '')}
              />
              <Anchor component="button" type="button" size="sm" onClick={onNewVocabulary} ta="left">
                {t('metadata.dialog.newVocabulary')}
              </Anchor>
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea
              label={t('metadata.dialog.helpEn')}
              autosize
              minRows={2}
              maxRows={5}
              {...form.getInputProps('help_en')}
            />
            <Textarea
              label={t('metadata.dialog.helpEs')}
              autosize
              minRows={2}
              maxRows={5}
              {...form.getInputProps('help_es')}
            />
          </SimpleGrid>
          <Checkbox.Group label={t('metadata.dialog.assetTypes')} required {...form.getInputProps('asset_types')}>
            <Group gap="md" mt={6}>
              {ASSET_TYPES.map((at) => (
                <Checkbox key={at} value={at} label={t(`assets.types.${at}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Switch label={t('metadata.dialog.required')} {...form.getInputProps('required', { type: 'checkbox' })} />
            <Switch label={t('metadata.dialog.isFilter')} {...form.getInputProps('is_filter', { type: 'checkbox' })} />
            <Switch label={t('metadata.dialog.onShare')} {...form.getInputProps('on_share', { type: 'checkbox' })} />
            <Switch label={t('metadata.dialog.onPdf')} {...form.getInputProps('on_pdf', { type: 'checkbox' })} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {field ? t('metadata.dialog.save') : t('metadata.dialog.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
