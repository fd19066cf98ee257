import { Button, ColorInput, Group, Modal, SimpleGrid, Stack, Switch, Tabs, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BRAND_DESCRIPTION_MAX,
  BrandCreateBody,
  BrandUpdateBody,
  EXPIRY_WARNING_DAYS_DEFAULT,
} from '@brandvault/contract';
import type { Brand } from '@brandvault/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateBrand, useUpdateBrand } from './api';
import type { BrandFormValues } from './api';
import { ImageCropField } from './ImageCropField';
import { RightsSettingsFields } from './RightsSettingsFields';
import { CharCount } from '../../ui/form/CharCount';

/** A few accents that keep white text readable on the brand's buttons. */
const ACCENT_SWATCHES = ['#1c7ed6', '#2b8a3e', '#c2255c', '#7048e8', '#e8590c', '#212529'];

export type BrandFormMode = { kind: 'create' } | { kind: 'edit'; brand: Brand };

/** "Acme Coffee Co." → "acme-coffee-co" (a suggestion; the user may change it before saving). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

interface BrandFormModalProps {
  mode: BrandFormMode | null;
  onClose: () => void;
  /** The watermark tab's content when editing a brand that allows it (the watermarks feature's panel). */
  watermark?: (brand: Brand) => ReactNode;
}

export function BrandFormModal({ mode, onClose, watermark }: BrandFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      size="lg"
      title={mode?.kind === 'edit' ? t('brandAdmin.editTitle', { name: mode.brand.name }) : t('brandAdmin.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mode?.kind === 'edit' && mode.brand.abilities.watermark && watermark ? (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">{t('watermark.tabDetails')}</Tabs.Tab>
            <Tabs.Tab value="watermark">{t('watermark.tab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <BrandForm key={mode.brand.id} mode={mode} onDone={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="watermark">{watermark(mode.brand)}</Tabs.Panel>
        </Tabs>
      ) : (
        mode && <BrandForm key={mode.kind === 'edit' ? mode.brand.id : 'new'} mode={mode} onDone={onClose} />
      )}
    </Modal>
  );
}

function BrandForm({ mode, onDone }: { mode: BrandFormMode; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const editing = mode.kind === 'edit' ? mode.brand : null;
  const form = useForm<BrandFormValues & { slugTouched: boolean }>({
    initialValues: {
      name: editing?.name ?? '',
      slug: editing?.slug ?? '',
      description: editing?.description ?? '',
      accent_color: editing?.accent_color ?? '',
      image: null,
      logo: null,
      remove_image: false,
      remove_logo: false,
      require_fields_on_upload: editing?.require_fields_on_upload ?? false,
      expiry_warning_days: editing?.expiry_warning_days ?? EXPIRY_WARNING_DAYS_DEFAULT,
      expired_downloads: editing?.expired_downloads ?? 'block',
      slugTouched: Boolean(editing),
    },
    validate: (v) =>
      editing
        ? validateWith(BrandUpdateBody, {
            name: v.name,
            description: v.description,
            accent_color: v.accent_color,
            expiry_warning_days: v.expiry_warning_days,
            expired_downloads: v.expired_downloads,
          })
        : validateWith(BrandCreateBody, {
            name: v.name,
            slug: v.slug,
            description: v.description,
            accent_color: v.accent_color,
          }),
  });

  const submit = form.onSubmit((values) => {
    const onError = (error: unknown) => {
      if (!applyFieldErrors(form, error)) notifyError(error);
    };
    if (editing) {
      update.mutate(
        { id: editing.id, values },
        {
          onSuccess: ({ brand }) => {
            notifySuccess(t('brandAdmin.updatedTitle'), t('brandAdmin.updated', { name: brand.name }));
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: ({ brand }) => {
          notifySuccess(t('brandAdmin.createdTitle'), t('brandAdmin.created', { name: brand.name }));
          onDone();
        },
        onError,
      });
    }
  });

  const nameProps = form.getInputProps('name');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('brandAdmin.fields.name')}
            name="name"
            required
            data-autofocus
            {...nameProps}
            onChange={(e) => {
              const name = e.currentTarget.value;
              form.setFieldValue('name', name);
              if (!editing && !form.values.slugTouched) form.setFieldValue('slug', slugify(name));
            }}
          />
          <TextInput
            label={t('brandAdmin.fields.slug')}
            name="slug"
            required={!editing}
            readOnly={Boolean(editing)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            variant={editing ? 'filled' : 'default'}
            description={editing ? t('brandAdmin.slugLocked') : t('brandAdmin.slugHint')}
            {...form.getInputProps('slug')}
            onChange={(e) => {
              if (editing) return;
              form.setFieldValue('slug', e.currentTarget.value);
              form.setFieldValue('slugTouched', true);
            }}
          />
        </SimpleGrid>
        <Textarea
          label={t('brandAdmin.fields.description')}
          name="description"
          description={
            <CharCount
              value={form.values.description}
              max={BRAND_DESCRIPTION_MAX}
              hint={t('brandAdmin.descriptionHint')}
            />
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={BRAND_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <ColorInput
          label={t('brandAdmin.fields.accent')}
          name="accent_color"
          description={t('brandAdmin.accentHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          format="hex"
          placeholder="#1C7ED6"
          swatches={ACCENT_SWATCHES}
          eyeDropperButtonProps={{ 'aria-label': t('brandAdmin.accentPick') }}
          {...form.getInputProps('accent_color')}
        />
        {editing && (
          <Switch
            label={t('uploadFields.requireOnUpload')}
            description={t('uploadFields.requireOnUploadHint')}
            {...form.getInputProps('require_fields_on_upload', { type: 'checkbox' })}
          />
        )}
        {editing && <RightsSettingsFields form={form} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ImageCropField
            label={t('brandAdmin.fields.image')}
            aspect={16 / 9}
            value={form.values.image}
            onChange={(v) => form.setFieldValue('image', v)}
            currentUrl={editing?.image_uri}
            removed={form.values.remove_image}
            onRemoveCurrent={editing ? () => form.setFieldValue('remove_image', true) : undefined}
          />
          <ImageCropField
            label={t('brandAdmin.fields.logo')}
            aspect={1}
            value={form.values.logo}
            onChange={(v) => form.setFieldValue('logo', v)}
            currentUrl={editing?.logo_uri}
            removed={form.values.remove_logo}
            onRemoveCurrent={editing ? () => form.setFieldValue('remove_logo', true) : undefined}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? t('brandAdmin.save') : t('brandAdmin.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
