import { useState } from 'react';
import { Alert, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import type { MetadataField, VocabularyOption } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { FieldsForm } from './FieldsForm';
import type { RoundFields } from './rules';

export interface RoundFile {
  id: string;
  name: string;
}

/**
 * The upload dialog's "Brand fields" section: the values of the round's files, the same for all
 * of them ("apply to all files of this round", on by default) or file by file.
 */
export function UploadFieldsSection({
  fields,
  optionsOf,
  loading,
  failed,
  files,
  value,
  onChange,
  missing,
}: {
  fields: readonly MetadataField[];
  optionsOf: (f: MetadataField) => readonly VocabularyOption[];
  loading: boolean;
  failed: boolean;
  files: readonly RoundFile[];
  value: RoundFields;
  onChange: (v: RoundFields) => void;
  /** Labels of the required fields still empty, when the brand requires them. */
  missing: readonly string[];
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  if (loading) return <Loader size="xs" aria-label={t('uploadFields.loading')} />;
  if (failed)
    return (
      <Text size="xs" c="red">
        {t('uploadFields.error')}
      </Text>
    );
  if (!fields.length) return null;
  const current = files.find((f) => f.id === picked)?.id ?? files[0]?.id ?? null;
  return (
    <Stack gap="xs" data-testid="upload-fields">
      <Text size="sm" fw={500}>
        {t('uploadFields.title')}
      </Text>
      <Switch
        label={t('uploadFields.applyAll')}
        checked={value.applyAll}
        onChange={(e) => onChange({ ...value, applyAll: e.currentTarget.checked })}
      />
      {value.applyAll ? (
        <FieldsForm
          fields={fields}
          optionsOf={optionsOf}
          values={value.all}
          onChange={(all) => onChange({ ...value, all })}
        />
      ) : (
        <>
          <Select
            label={t('uploadFields.file')}
            data={files.map((f) => ({ value: f.id, label: f.name }))}
            value={current}
            onChange={setPicked}
            allowDeselect={false}
          />
          {current && (
            <FieldsForm
              fields={fields}
              optionsOf={optionsOf}
              values={value.perFile[current] ?? value.all}
              onChange={(v) => onChange({ ...value, perFile: { ...value.perFile, [current]: v } })}
            />
          )}
        </>
      )}
      {missing.length > 0 && (
        <Alert color="orange" variant="light" data-testid="upload-fields-missing">
          {t('uploadFields.missing', { fields: missing.join(', ') })}
        </Alert>
      )}
    </Stack>
  );
}
