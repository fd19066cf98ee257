import { ActionIcon, Button, Group, Menu, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconSparkles, IconTrash } from '@tabler/icons-react';
import { CROP_MAX_SIDE, CROP_PRESET_SUGGESTIONS, CROP_PRESETS_MAX, CropPresetsBody } from '@brandvault/contract';
import type { CropFormat, CropPreset } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveCropPresets } from './api';

type Row = { name: string; width: number | ''; height: number | ''; format: CropFormat | null };
const FORMAT_LABELS: Record<CropFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' };

/** Edits a brand's channel presets as one list: add (blank or a common channel), change, remove, save. */
export function CropPresetsEditor({
  brandId,
  presets,
  onDone,
}: {
  brandId: number;
  presets: CropPreset[];
  /** Called after a save; without it (the settings page), Cancel puts back what is saved. */
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCropPresets(brandId);
  const form = useForm<{ presets: Row[] }>({
    initialValues: { presets: presets.map(({ name, width, height, format }) => ({ name, width, height, format })) },
    validate: (v) => validateWith(CropPresetsBody, v),
  });
  const rows = form.values.presets;
  const full = rows.length >= CROP_PRESETS_MAX;
  const taken = new Set(rows.map((r) => r.name.trim().toLocaleLowerCase()));
  const suggestions = CROP_PRESET_SUGGESTIONS.filter((s) => !taken.has(s.name.toLocaleLowerCase()));

  const submit = form.onSubmit((values) =>
    save.mutate(values as { presets: (Row & { width: number; height: number })[] }, {
      onSuccess: () => {
        notifySuccess(t('cropPresets.savedTitle'), t('cropPresets.saved'));
        onDone?.();
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('cropPresets.intro')}
        </Text>
        {rows.length === 0 && (
          <Text size="sm" ta="center" py="md" c="dimmed" data-testid="crop-presets-empty">
            {t('cropPresets.empty')}
          </Text>
        )}
        {rows.map((_, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="crop-preset-row">
            <TextInput
              aria-label={t('cropPresets.name')}
              placeholder={t('cropPresets.name')}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps(`presets.${i}.name`)}
            />
            {(['width', 'height'] as const).map((side) => (
              <NumberInput
                key={side}
                aria-label={t(`crop.${side}`)}
                placeholder={t(`crop.${side}`)}
                suffix=" px"
                min={1}
                max={CROP_MAX_SIDE}
                allowDecimal={false}
                allowNegative={false}
                w="6.5rem"
                {...form.getInputProps(`presets.${i}.${side}`)}
              />
            ))}
            <Select
              aria-label={t('crop.format')}
              w="8.5rem"
              data={[
                { value: 'any', label: t('cropPresets.anyFormat') },
                ...Object.entries(FORMAT_LABELS).map(([value, label]) => ({ value, label })),
              ]}
              value={rows[i]!.format ?? 'any'}
              onChange={(v) => form.setFieldValue(`presets.${i}.format`, v && v !== 'any' ? (v as CropFormat) : null)}
              allowDeselect={false}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('cropPresets.remove', { name: rows[i]!.name || '…' })}
              onClick={() => form.removeListItem('presets', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => form.insertListItem('presets', { name: '', width: '', height: '', format: null })}
          >
            {t('cropPresets.add')}
          </Button>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconSparkles size={14} />}
                disabled={full || suggestions.length === 0}
              >
                {t('cropPresets.common')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {suggestions.map((s) => (
                <Menu.Item key={s.name} onClick={() => form.insertListItem('presets', { ...s, format: null })}>
                  {s.name} · {s.width}×{s.height}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone ?? (() => form.reset())}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
