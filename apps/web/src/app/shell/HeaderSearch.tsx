import { useState } from 'react';
import type { FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, TextInput, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_QUERY_MAX } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';

/** Whether the brand search dialog is open: the header's button and the phone menu's entry share it. */
export const useHeaderSearch = create<{ opened: boolean; setOpened: (o: boolean) => void }>((set) => ({
  opened: false,
  setOpened: (opened) => set({ opened }),
}));

/** The header search is for whoever can see the brand that is open; with none open it is hidden. */
export function useHeaderSearchBrand() {
  const brand = useSession((s) => s.selectedBrand);
  const can = useCan();
  return brand && can.permission('brand.view') ? brand : null;
}

/**
 * The header's search: an icon (the header has no width for a box) opening a Spotlight-style
 * dialog that takes the words to the open brand's searcher, from any page. "/" opens it where
 * the page has no searcher box of its own (there "/" focuses that box).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const brand = useHeaderSearchBrand();
  const { opened, setOpened } = useHeaderSearch();

  useWindowEvent('keydown', (e) => {
    if (!brand || e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (document.querySelector('[role="dialog"], [data-tour="searcher-header"]')) return;
    e.preventDefault();
    setOpened(true);
  });

  if (!brand) return null;
  return (
    <>
      <Tooltip label={t('headerSearch.tooltip')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          visibleFrom="sm"
          aria-label={t('headerSearch.open', { brand: brand.name })}
          aria-haspopup="dialog"
          onClick={() => setOpened(true)}
        >
          <IconSearch size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('headerSearch.title', { brand: brand.name })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        yOffset="10vh"
        size="lg"
      >
        <SearchForm onDone={() => setOpened(false)} brandName={brand.name} />
      </Modal>
    </>
  );
}

function SearchForm({ onDone, brandName }: { onDone: () => void; brandName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    onDone();
    // The brand home's searcher, whose search covers every folder of the brand.
    void navigate(`/brand?${new URLSearchParams({ q }).toString()}`);
  };
  return (
    <form role="search" onSubmit={submit}>
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <TextInput
          data-autofocus
          flex={1}
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          label={t('headerSearch.label', { brand: brandName })}
          placeholder={t('search.placeholder')}
          maxLength={SEARCH_QUERY_MAX}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Button type="submit" disabled={!text.trim()}>
          {t('headerSearch.submit')}
        </Button>
      </Group>
    </form>
  );
}
