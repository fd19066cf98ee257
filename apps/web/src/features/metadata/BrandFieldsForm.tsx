import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AssetView, FieldValue } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { focusFirstError } from '../../lib/focusFirstError';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PageError } from '../../ui/PageError';
import { useAssetFieldValues, useSetAssetFieldValues } from './api';
import { FieldInput } from './FieldInput';
import { FieldValuesList } from './FieldValuesList';
import { isEmptyValue } from './labels';
import { useBrandFields } from './useBrandFields';
import classes from './Metadata.module.css';

type Values = Record<string, FieldValue>;

const same = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  (isEmptyValue(a) && isEmptyValue(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The asset page's "Brand fields": the brand's fields for this type of asset, in order, each with
 * its input; saved all at once. Those who may not update the asset read the values as text.
 */
export function BrandFieldsForm({ asset }: { asset: Pick<AssetView, 'id' | 'brand_id' | 'type'> }) {
  const { t } = useTranslation();
  const brand = useBrandFields(asset.brand_id);
  const saved = useAssetFieldValues(asset.id);
  const fields = brand.fields.filter((f) => f.asset_types.includes(asset.type));

  if (brand.isLoading || saved.isLoading)
    return (
      <Frame>
        <Skeleton h={36} mb="sm" />
        <Skeleton h={36} />
      </Frame>
    );
  if (brand.error || saved.error)
    return (
      <Frame>
        <PageError
          error={brand.error ?? saved.error}
          onRetry={() => {
            brand.refetch();
            void saved.refetch();
          }}
        />
      </Frame>
    );
  if (fields.length === 0 || !saved.data) return null;
  if (!saved.data.abilities.update)
    return (
      <Frame>
        <FieldValuesList
          fields={fields}
          values={saved.data.values}
          options={brand.options}
          className={classes.values}
          empty={t('metadata.values.none')}
        />
      </Frame>
    );
  // Keyed by the saved answer, the form starts again from what the server holds after each save.
  return (
    <Frame>
      <ValuesForm
        key={JSON.stringify(saved.data.values)}
        assetId={asset.id}
        fields={fields}
        options={brand.options}
        initial={saved.data.values}
      />
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="asset-brand-fields" withBorder>
      <Title order={2} fz="md" id="asset-brand-fields" mb="sm">
        {t('metadata.values.title')}
      </Title>
      {children}
    </Card>
  );
}

interface FormProps {
  assetId: number;
  fields: ReturnType<typeof useBrandFields>['fields'];
  options: ReturnType<typeof useBrandFields>['options'];
  initial: Readonly<Values>;
}

function ValuesForm({ assetId, fields, options, initial }: FormProps) {
  const { t } = useTranslation();
  const save = useSetAssetFieldValues();
  const [values, setValues] = useState<Values>(() => ({ ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = fields.some((f) => !same(values[f.key], initial[f.key]));

  const set = (key: string, v: FieldValue) => {
    setValues((prev) => ({ ...prev, [key]: v }));
    setErrors((prev) => {
      const { [key]: _gone, ...rest } = prev;
      return rest;
    });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: Values = {};
    for (const f of fields) {
      const v = values[f.key];
      body[f.key] = isEmptyValue(v) ? null : typeof v === 'string' ? v.trim() : (v ?? null);
    }
    setProblem(null);
    save.mutate(
      { assetId, body: { values: body } },
      {
        onSuccess: () => notifySuccess(t('metadata.values.savedTitle'), t('metadata.values.saved'), 'assets'),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            const mine: Record<string, string> = {};
            const rest: string[] = [];
            for (const [path, message] of Object.entries(error.fields)) {
              const key = path.startsWith('values.') ? path.slice('values.'.length) : path;
              if (fields.some((f) => f.key === key)) mine[key] = message;
              else rest.push(message);
            }
            setErrors(mine);
            if (rest.length > 0) setProblem(rest.join(' '));
            if (Object.keys(mine).length > 0) {
              focusFirstError();
              return;
            }
          }
          notifyError(error, 'assets');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('metadata.values.title')}>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" variant="light">
            {problem}
          </Alert>
        )}
        {fields.map((f) => (
          <FieldInput
            key={f.id}
            field={f}
            value={values[f.key]}
            onChange={(v) => set(f.key, v)}
            options={f.vocabulary_id === null ? [] : options[f.vocabulary_id]}
            error={errors[f.key]}
          />
        ))}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {fields.some((f) => f.required) ? t('metadata.values.requiredHint') : ''}
          </Text>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t('metadata.values.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
