import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Input,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { BrandWatermarkBody, WATERMARK_OPACITY, WATERMARK_POSITIONS, WATERMARK_SCALE } from '@brandvault/contract';
import type { BrandWatermark } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../ui/form/FormActions';
import { FormHint } from '../../ui/form/FormHint';
import { SliderField } from '../../ui/form/SliderField';
import { WatermarkPreview } from './WatermarkPreview';
import { useBrandWatermark, useSaveWatermark } from './api';
import type { WatermarkValues } from './api';

interface BrandInfo {
  id: number;
  name: string;
  image_uri: string | null;
}

/** The brand's watermark: a PNG, where it sits, how strong, and whom it applies to, previewed live. */
export function WatermarkPanel({ brand, onDone }: { brand: BrandInfo; onDone?: () => void }) {
  const { t } = useTranslation();
  const q = useBrandWatermark(brand.id);
  if (q.isPending) return <Loader size="sm" aria-label={t('watermark.title', { name: brand.name })} />;
  if (q.isError)
    return (
      <Alert color="red" title={t('watermark.loadError')}>
        <Button size="xs" variant="default" onClick={() => void q.refetch()}>
          {t('watermark.retry')}
        </Button>
      </Alert>
    );
  return <WatermarkForm brand={brand} current={q.data.watermark} onDone={onDone} />;
}

function WatermarkForm({ brand, current, onDone }: { brand: BrandInfo; current: BrandWatermark; onDone?: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWatermark(brand.id);
  const form = useForm<WatermarkValues>({
    initialValues: {
      image: null,
      remove_image: false,
      position: current.position,
      opacity: current.opacity,
      scale: current.scale,
      apply_to_guests: current.apply_to_guests,
      traceable: current.traceable,
    },
    validate: (v) => validateWith(BrandWatermarkBody, { position: v.position, opacity: v.opacity, scale: v.scale }),
  });
  const v = form.values;
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!v.image) return setChosen(null);
    const url = URL.createObjectURL(v.image);
    setChosen(url);
    return () => URL.revokeObjectURL(url);
  }, [v.image]);
  const shown = chosen ?? (v.remove_image ? null : current.image_url);
  const readOnly = !current.abilities.update;

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('watermark.savedTitle'), t('watermark.saved', { name: brand.name }));
        form.setValues({ image: null, remove_image: false });
        onDone?.();
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormHint>{t('watermark.intro')}</FormHint>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="sm">
            <Input.Wrapper
              label={t('watermark.image')}
              description={t('watermark.imageHint')}
              error={form.errors.image}
            >
              <Group gap="xs" mt={6}>
                <FileButton onChange={(f) => f && form.setValues({ image: f, remove_image: false })} accept="image/png">
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="default"
                      disabled={readOnly}
                      leftSection={<IconPhotoPlus size={14} />}
                    >
                      {t('watermark.chooseImage')}
                    </Button>
                  )}
                </FileButton>
                {shown && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={readOnly}
                    leftSection={<IconTrash size={14} />}
                    onClick={() => form.setValues({ image: null, remove_image: true })}
                  >
                    {t('watermark.removeImage')}
                  </Button>
                )}
              </Group>
              {!shown && (
                <Text size="xs" c="dimmed" mt={6}>
                  {t('watermark.noImage')}
                </Text>
              )}
            </Input.Wrapper>
            <Select
              label={t('watermark.position')}
              data={WATERMARK_POSITIONS.map((p) => ({ value: p, label: t(`watermark.positions.${p}`) }))}
              allowDeselect={false}
              disabled={readOnly}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('position')}
            />
            <SliderField
              label={t('watermark.opacity')}
              error={form.errors.opacity}
              min={WATERMARK_OPACITY.min}
              max={WATERMARK_OPACITY.max}
              valueLabel={(n) => `${n} %`}
              thumbLabel={t('watermark.opacity')}
              disabled={readOnly}
              value={v.opacity}
              onChange={(n) => form.setFieldValue('opacity', n)}
            />
            <SliderField
              label={t('watermark.scale')}
              description={t('watermark.scaleHint')}
              error={form.errors.scale}
              min={WATERMARK_SCALE.min}
              max={WATERMARK_SCALE.max}
              valueLabel={(n) => `${n} %`}
              thumbLabel={t('watermark.scale')}
              disabled={readOnly}
              value={v.scale}
              onChange={(n) => form.setFieldValue('scale', n)}
            />
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('watermark.preview')}
            </Text>
            <WatermarkPreview
              backdrop={brand.image_uri}
              image={shown}
              text={brand.name}
              position={v.position}
              opacity={v.opacity}
              scale={v.scale}
            />
          </Stack>
        </SimpleGrid>
        <Switch
          label={t('watermark.applyToGuests')}
          description={t('watermark.applyToGuestsHint')}
          disabled={readOnly}
          {...form.getInputProps('apply_to_guests', { type: 'checkbox' })}
        />
        <Switch
          label={t('watermark.traceable')}
          description={t('watermark.traceableHint')}
          disabled={readOnly}
          {...form.getInputProps('traceable', { type: 'checkbox' })}
        />
        {!readOnly && (
          <FormActions>
            <Button type="submit" loading={save.isPending}>
              {t('watermark.save')}
            </Button>
          </FormActions>
        )}
      </Stack>
    </form>
  );
}
