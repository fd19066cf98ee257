import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BrandCreateBody } from '@brandvault/contract';
import type { BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useCreateBrand } from '../brands/api';
import type { BrandFormValues } from '../brands/api';
import { slugify } from '../brands/BrandFormModal';
import { ImageCropField } from '../brands/ImageCropField';

/** Step 2: the first brand, through the brands screen's own call (name, slug, image and logo). */
export function BrandStep({ onCreated, onSkip }: { onCreated: (brand: BrandSummary) => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBrand();
  const form = useForm<BrandFormValues & { slugTouched: boolean }>({
    initialValues: {
      name: '',
      slug: '',
      description: '',
      accent_color: '',
      image: null,
      logo: null,
      slugTouched: false,
    },
    validate: (v) => validateWith(BrandCreateBody, { name: v.name, slug: v.slug }),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ brand }) => {
        const { id, name, slug, status, image_uri, logo_uri, description, accent_color } = brand;
        onCreated({ id, name, slug, status, image_uri, logo_uri, description, accent_color });
      },
      onError: (error) => void applyFieldErrors(form, error),
    }),
  );
  const failed = create.error && !Object.keys(form.errors).length ? create.error : null;
  const fileError = (field: 'image' | 'logo') =>
    form.errors[field] ? (
      <Text size="sm" c="red" role="alert">
        {form.errors[field]}
      </Text>
    ) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={failed} mb="0" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('brandAdmin.fields.name')}
            name="name"
            required
            data-autofocus
            {...form.getInputProps('name')}
            onChange={(e) => {
              const name = e.currentTarget.value;
              form.setFieldValue('name', name);
              if (!form.values.slugTouched) form.setFieldValue('slug', slugify(name));
            }}
          />
          <TextInput
            label={t('brandAdmin.fields.slug')}
            name="slug"
            required
            description={t('brandAdmin.slugHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('slug')}
            onChange={(e) => {
              form.setFieldValue('slug', e.currentTarget.value);
              form.setFieldValue('slugTouched', true);
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <ImageCropField
              label={t('brandAdmin.fields.image')}
              aspect={16 / 9}
              value={form.values.image}
              onChange={(v) => form.setFieldValue('image', v)}
            />
            {fileError('image')}
          </Stack>
          <Stack gap={4}>
            <ImageCropField
              label={t('brandAdmin.fields.logo')}
              aspect={1}
              value={form.values.logo}
              onChange={(v) => form.setFieldValue('logo', v)}
            />
            {fileError('logo')}
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={onSkip}>
            {t('setup.skipStep')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('setup.brand.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
