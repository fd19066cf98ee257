import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above an admin table; a new search goes back to the first page. */
export function TableSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onSearch(e.currentTarget.value)}
      w={{ base: '100%', sm: 320 }}
      type="search"
      name="search"
    />
  );
}
