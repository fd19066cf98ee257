import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AssetCard, GuidelineAsset } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brands/api';
import { useAssetChoices } from './api';

/** A search result as the page answer would describe it, so a fresh pick shows before saving. */
const asGuidelineAsset = (a: AssetCard): GuidelineAsset => ({
  id: a.id,
  available: true,
  name: a.name,
  ext: a.ext,
  mime: a.mime,
  type: a.type,
  width: a.width,
  height: a.height,
  thumbnail_url: a.thumbnail_url,
  preview_url: a.preview_url,
  warning: null,
  placeholder: null,
  download: null,
});

interface Props {
  brandId: number;
  label: string;
  value: number[];
  known: Map<number, GuidelineAsset>;
  onChange: (ids: number[], picked: GuidelineAsset[]) => void;
  /** How many may be chosen (1: a single asset). */
  max?: number;
  error?: string | undefined;
}

/** Chooses assets of the brand by name (the searcher's own results, as the editor may see them). */
export function AssetPicker({ brandId, label, value, known, onChange, max = 1, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const rootId = useBrand(brandId).data?.brand.root_folder_id;
  const found = useAssetChoices(rootId, q).data?.items ?? [];
  const byId = new Map<number, GuidelineAsset>(known);
  for (const a of found) byId.set(a.id, asGuidelineAsset(a));
  const nameOf = (id: number) => byId.get(id)?.name ?? t('guidelines.assetNumber', { id });
  const ids = [...new Set([...value, ...found.map((a) => a.id)])];
  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      maxValues={max}
      data={ids.map((id) => ({ value: String(id), label: nameOf(id) }))}
      value={value.map(String)}
      onChange={(v) => {
        const chosen = v.map(Number);
        onChange(
          chosen,
          chosen.map((id) => byId.get(id)).filter((a): a is GuidelineAsset => !!a),
        );
      }}
      placeholder={value.length < max ? t('guidelines.pickAsset') : undefined}
      nothingFoundMessage={t('guidelines.noAssetFound')}
      error={error}
    />
  );
}
