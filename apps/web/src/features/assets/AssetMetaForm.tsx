import { Button, Card, Group, Radio, Stack, Switch, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { AssetEditBody } from '@brandvault/contract';
import type { AssetView, Visibility } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, blankToNull, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUnsavedGuard } from '../../ui/useUnsavedGuard';
import { useBrandWords, useEditAsset, useKeywordSuggestions } from './api';
import { ASSET_DESCRIPTION_MAX } from '@brandvault/contract';
import { CharCount } from '../../ui/form/CharCount';
import { WordSelect } from './WordSelect';

/** Splits "logo.final.png" into the editable base and the kept extension (spec §5). */
export function splitName(name: string, ext: string): { base: string; suffix: string } {
  const suffix = ext ? `.${ext}` : '';
  if (suffix && name.toLowerCase().endsWith(suffix.toLowerCase()))
    return { base: name.slice(0, -suffix.length), suffix: name.slice(-suffix.length) };
  return { base: name, suffix };
}

function initial(asset: AssetView) {
  return {
    base: splitName(asset.name, asset.ext).base,
    description: asset.description ?? '',
    keywords: asset.keywords,
    categories: asset.categories,
    language: asset.language ?? '',
    visibility: asset.visibility as Visibility,
  };
}
type Values = ReturnType<typeof initial>;

function toBody(asset: AssetView, v: Values) {
  const { suffix } = splitName(asset.name, asset.ext);
  const base = v.base.trim();
  return {
    ...(asset.name_locked ? {} : { name: base ? `${base}${suffix}` : '' }),
    description: blankToNull(v.description),
    keywords: v.keywords,
    categories: v.categories,
    language: blankToNull(v.language),
    visibility: v.visibility,
  };
}

export function AssetMetaForm({ asset }: { asset: AssetView }) {
  const { t } = useTranslation();
  const edit = useEditAsset();
  // Themes and visual language are the brand's options; keywords stay free, with suggestions.
  const words = useBrandWords(asset.brand.id);
  const [typed, setTyped] = useState('');
  const suggested = useKeywordSuggestions(asset.brand.id, typed);
  const { suffix } = splitName(asset.name, asset.ext);
  const form = useForm({
    initialValues: initial(asset),
    validate: (v) => {
      const errors = validateWith(AssetEditBody, toBody(asset, v));
      // The server's field is `name`; the input edits its base.
      if (errors.name) errors.base = errors.name;
      return errors;
    },
  });
  const canEdit = asset.abilities.update;
  useUnsavedGuard(canEdit && form.isDirty() && !edit.isPending);

  /** Those who manage assets lock or unlock the name at once, apart from the form. */
  const setLock = (locked: boolean) =>
    edit.mutate(
      { id: asset.id, body: { name_locked: locked } },
      {
        onSuccess: ({ asset: saved }) =>
          notifySuccess(t('assets.savedTitle'), t('assets.saved', { name: saved.name }), 'assets'),
        onError: (error) => notifyError(error, 'assets'),
      },
    );

  const submit = form.onSubmit((values) => {
    edit.mutate(
      { id: asset.id, body: toBody(asset, values) },
      {
        onSuccess: ({ asset: saved }) => {
          form.setValues(initial(saved));
          form.resetDirty(initial(saved));
          notifySuccess(t('assets.savedTitle'), t('assets.saved', { name: saved.name }), 'assets');
        },
        onError: (error) => {
          if (error && typeof error === 'object' && 'fields' in error) {
            const fields = (error as { fields?: Record<string, string> }).fields;
            if (fields?.name) form.setFieldError('base', fields.name);
          }
          applyFieldErrors(form, error);
          notifyError(error, 'assets');
        },
      },
    );
  });

  return (
    <Card component="section" aria-labelledby="asset-meta" withBorder>
      <Title order={2} fz="md" id="asset-meta" mb="sm">
        {t('assets.metaTitle')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('assets.fields.name')}
            name="name"
            required
            disabled={!canEdit || asset.name_locked}
            description={asset.name_locked ? t('assets.nameLocked') : t('assets.nameHint')}
            rightSection={
              suffix ? (
                <Text size="sm" c="dimmed" pr={6}>
                  {suffix}
                </Text>
              ) : undefined
            }
            rightSectionWidth={Math.max(36, suffix.length * 9 + 12)}
            {...form.getInputProps('base')}
          />
          {asset.abilities.lock_name && (
            <Switch
              label={t('assets.lockName')}
              checked={asset.name_locked}
              disabled={edit.isPending}
              onChange={(e) => setLock(e.currentTarget.checked)}
            />
          )}
          <Textarea
            label={t('assets.fields.description')}
            name="description"
            description={canEdit && <CharCount value={form.values.description} max={ASSET_DESCRIPTION_MAX} />}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={ASSET_DESCRIPTION_MAX}
            disabled={!canEdit}
            {...form.getInputProps('description')}
          />
          <TagsInput
            label={t('assets.fields.keywords')}
            name="keywords"
            placeholder={canEdit ? t('assets.tagsPlaceholder') : undefined}
            disabled={!canEdit}
            clearable
            searchValue={typed}
            onSearchChange={setTyped}
            data={(suggested.data?.items ?? []).map((k) => k.value)}
            {...form.getInputProps('keywords')}
          />
          <TagsInput
            label={t('assets.fields.categories')}
            name="categories"
            placeholder={canEdit ? t('assets.tagsPlaceholder') : undefined}
            disabled={!canEdit}
            clearable
            data={(words.data?.themes ?? []).map((w) => w.en)}
            limit={20}
            {...form.getInputProps('categories')}
          />
          <WordSelect
            label={t('assets.fields.language')}
            name="language"
            disabled={!canEdit}
            words={words.data?.language ?? []}
            {...form.getInputProps('language')}
          />
          <Radio.Group
            label={t('assets.fields.visibility')}
            name="visibility"
            required
            {...form.getInputProps('visibility')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="PUBLIC" label={t('visibility.PUBLIC')} disabled={!canEdit} />
              <Radio value="PRIVATE" label={t('visibility.PRIVATE')} disabled={!canEdit} />
            </Group>
          </Radio.Group>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={edit.isPending} disabled={!form.isDirty()}>
                {t('assets.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
