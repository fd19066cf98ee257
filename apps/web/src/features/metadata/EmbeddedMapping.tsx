import { Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { EMBED_SOURCE_TYPES } from '@brandvault/contract';
import type { EmbedMapping, EmbedSource, MetadataField } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PageError } from '../../ui/PageError';
import { useEmbedMapping, useMappableFields, useSaveEmbedMapping } from './mappingApi';
import { ScrollTable } from '../../ui/ScrollTable';

/** The "Embedded metadata" section of a brand's metadata admin: each source and the field it fills. */
export function EmbeddedMapping({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const mapping = useEmbedMapping(brandId);
  const fields = useMappableFields(brandId);
  if (mapping.isPending || fields.isPending) return <Loader size="sm" aria-label={t('embedMapping.loading')} />;
  if (mapping.isError || fields.isError)
    return (
      <PageError
        error={mapping.error ?? fields.error}
        onRetry={() => void Promise.all([mapping.refetch(), fields.refetch()])}
      />
    );
  return <MappingForm brandId={brandId} mapping={mapping.data} fields={fields.data.items} />;
}

function MappingForm({
  brandId,
  mapping,
  fields,
}: {
  brandId: number;
  mapping: EmbedMapping;
  fields: MetadataField[];
}) {
  const { t } = useTranslation();
  const save = useSaveEmbedMapping(brandId);
  const [chosen, setChosen] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(mapping.items.map((i) => [i.source, i.field_id])),
  );
  const manage = mapping.abilities.manage;
  const label = (f: MetadataField) => (currentLang() === 'es' ? f.label_es : f.label_en);

  const submit = () =>
    save.mutate(
      { items: mapping.items.map((i) => ({ source: i.source, field_id: chosen[i.source] ?? null })) },
      {
        onSuccess: () => notifySuccess(t('embedMapping.title'), t('embedMapping.saved')),
        onError: (e) => notifyError(e),
      },
    );

  return (
    <Stack gap="sm" data-testid="embed-mapping">
      <Title order={3} size="h4">
        {t('embedMapping.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('embedMapping.intro')}
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="embed-mapping-empty">
          {t('embedMapping.noFields')}
        </Text>
      )}
      <ScrollTable minWidth={280} label={t('embedMapping.title')}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('embedMapping.source')}</Table.Th>
              <Table.Th>{t('embedMapping.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mapping.items.map(({ source }) => {
              const options = fields
                .filter((f) => EMBED_SOURCE_TYPES[source as EmbedSource].includes(f.type))
                .map((f) => ({ value: String(f.id), label: label(f) }));
              return (
                <Table.Tr key={source}>
                  <Table.Td>{t(`embedMapping.sources.${source}`)}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t(`embedMapping.sources.${source}`)}
                      placeholder={t('embedMapping.none')}
                      data={options}
                      value={chosen[source] ? String(chosen[source]) : null}
                      onChange={(v) => setChosen((c) => ({ ...c, [source]: v ? Number(v) : null }))}
                      disabled={!manage || options.length === 0}
                      clearable
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="xs" c="dimmed">
        {t('embedMapping.keywordsNote')}
      </Text>
      {manage && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
