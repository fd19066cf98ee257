import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMMENT_NOTIFY_MAX } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useMentionable } from './api';

export interface Person {
  id: number;
  name: string;
}

/** Spec §3 "users to notify": people who can see the asset, searched on the server. */
export function NotifyPicker({
  assetId,
  value,
  onChange,
  error,
}: {
  assetId: number;
  value: Person[];
  onChange: (people: Person[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 200);
  const people = useMentionable(assetId, q, opened);
  const found = people.data?.items ?? [];
  const data = [
    ...value.map((p) => ({ value: String(p.id), label: p.name })),
    ...found.filter((p) => !value.some((v) => v.id === p.id)).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  return (
    <MultiSelect
      label={t('comments.notify')}
      placeholder={value.length === 0 ? t('comments.notifyPlaceholder') : undefined}
      data={data}
      value={value.map((p) => String(p.id))}
      onChange={(ids) =>
        onChange(
          ids
            .map((id) => value.find((p) => String(p.id) === id) ?? found.find((p) => String(p.id) === id))
            .filter((p): p is Person => !!p)
            .map(({ id, name }) => ({ id, name })),
        )
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already.
      filter={({ options }) => options}
      hidePickedOptions
      maxValues={COMMENT_NOTIFY_MAX}
      nothingFoundMessage={people.isFetching ? t('comments.searchingPeople') : t('comments.nobody')}
      onDropdownOpen={() => setOpened(true)}
      comboboxProps={{ withinPortal: true, zIndex: 1300 }}
      error={error}
      size="xs"
    />
  );
}
