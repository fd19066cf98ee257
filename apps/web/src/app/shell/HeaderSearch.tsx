import { useState } from 'react';
import type { FormEvent } from 'react';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { SEARCH_QUERY_MAX } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';

/**
 * The header's search box: from any page, searches the whole of the brand that is open (its top
 * folder's searcher with the words typed). Behind a button, so the crowded header keeps its room.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = useSession((s) => s.selectedBrand);
  const can = useCan();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  if (!brand || !can.permission('brand.view')) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setOpened(false);
    setText('');
    void navigate(`/brand?${new URLSearchParams({ q }).toString()}`);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} trapFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('headerSearch.open', { brand: brand.name })}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          <IconSearch size={20} stroke={1.7} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form role="search" onSubmit={submit}>
          <TextInput
            data-autofocus
            type="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            label={t('headerSearch.label', { brand: brand.name })}
            placeholder={t('search.placeholder')}
            maxLength={SEARCH_QUERY_MAX}
            rightSection={
              <ActionIcon type="submit" variant="subtle" aria-label={t('headerSearch.submit')}>
                <IconArrowRight size={16} />
              </ActionIcon>
            }
          />
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
