import { useState } from 'react';
import { Badge, Button, Menu, Text } from '@mantine/core';
import { IconBookmarks, IconPin, IconSettings, IconUsers } from '@tabler/icons-react';
import type { SavedSearch } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSavedSearches } from './api';
import { ManageSavedSearches } from './ManageSavedSearches';
import { savedSearchUrl } from './savedSearchUrl';

/** Pinned first, then the caller's own, then the brand's shared ones (the server's order, grouped). */
export function groupSaved(items: SavedSearch[]) {
  return {
    pinned: items.filter((s) => s.pinned),
    own: items.filter((s) => !s.pinned && s.mine),
    shared: items.filter((s) => !s.pinned && !s.mine),
  };
}

/** The searcher's "Saved searches" menu: opening one restores its folder and filters in the URL. */
export function SavedSearchesMenu({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [managing, setManaging] = useState(false);
  const list = useSavedSearches({ brandId });
  const items = list.data?.items ?? [];
  const groups = groupSaved(items);
  const section = (key: 'pinned' | 'own' | 'shared', rows: SavedSearch[]) =>
    rows.length > 0 && [
      <Menu.Label key={`${key}-label`}>{t(`savedSearches.group.${key}`)}</Menu.Label>,
      ...rows.map((s) => (
        <Menu.Item
          key={s.id}
          leftSection={s.pinned ? <IconPin size={14} /> : s.shared_with_brand ? <IconUsers size={14} /> : null}
          disabled={!s.search}
          onClick={() => void navigate(savedSearchUrl(s))}
        >
          <Text size="sm" truncate maw={260}>
            {s.name}
          </Text>
        </Menu.Item>
      )),
    ];

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBookmarks size={14} />}
            rightSection={items.length > 0 ? <Badge size="xs">{items.length}</Badge> : null}
          >
            {t('savedSearches.menu')}
          </Button>
        </Menu.Target>
        {/* Narrow enough for a phone: the empty and error sentences wrap instead of widening the page. */}
        <Menu.Dropdown maw={320}>
          {list.isPending && <Menu.Label>{t('savedSearches.loading')}</Menu.Label>}
          {list.isError && <Menu.Label>{t('savedSearches.loadError')}</Menu.Label>}
          {list.isSuccess && items.length === 0 && <Menu.Label>{t('savedSearches.none')}</Menu.Label>}
          {section('pinned', groups.pinned)}
          {section('own', groups.own)}
          {section('shared', groups.shared)}
          {items.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => setManaging(true)}>
                {t('savedSearches.manage')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <ManageSavedSearches opened={managing} onClose={() => setManaging(false)} items={items} />
    </>
  );
}
