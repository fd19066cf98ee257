import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import {
  IconDots,
  IconFolders,
  IconLayoutGrid,
  IconList,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import type { Collection } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDate, formatNumber } from '../../i18n/format';
import { SharedWithMe } from '../shareLinks/SharedWithMe';
import { SmartCollections } from './SmartCollections';
import { useOwnCollections } from '../collections/api';
import { CollectionFormModal } from '../collections/CollectionFormModal';
import type { CollectionFormMode } from '../collections/CollectionFormModal';
import { useDeleteCollectionAction } from '../collections/useDeleteCollection';
import classes from '../collections/Collections.module.css';
import { ScrollTable } from '../../ui/ScrollTable';

export const COLLECTIONS_VIEW_KEY = 'brandvault-collections-view';

/** My Collections (§2 collections.own): a grid or a list, with new, rename and delete. */
export default function CollectionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('collections.title'));
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [query] = useDebouncedValue(q.trim(), 250);
  const list = useOwnCollections(query);
  const [view, setView] = useLocalStorage<'grid' | 'list'>({
    key: COLLECTIONS_VIEW_KEY,
    defaultValue: 'grid',
    getInitialValueInEffect: false,
  });
  const [form, setForm] = useState<CollectionFormMode | null>(null);
  const askDelete = useDeleteCollectionAction();

  const items = list.data?.items ?? [];
  const menu = (c: Collection) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('collections.actions', { name: c.name })}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {c.abilities.update && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setForm({ kind: 'rename', collection: c })}>
            {t('collections.rename')}
          </Menu.Item>
        )}
        {c.abilities.remove && (
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void askDelete(c)}>
            {t('collections.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  let body;
  if (list.isError) body = <PageError error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.isPending)
    body = (
      <div className={classes.grid} aria-busy>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={220} radius="md" />
        ))}
      </div>
    );
  else if (items.length === 0)
    body = query ? (
      <EmptyBlock
        icon={<IconSearch size={28} stroke={1.6} />}
        title={t('collections.noMatchTitle')}
        description={t('collections.noMatch', { q: query })}
        action={
          <Button variant="light" onClick={() => setQ('')}>
            {t('collections.clearSearch')}
          </Button>
        }
      />
    ) : (
      <EmptyBlock
        icon={<IconFolders size={28} stroke={1.6} />}
        title={t('collections.emptyTitle')}
        description={t('collections.empty')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'create' })}>
            {t('collections.new')}
          </Button>
        }
      />
    );
  else if (view === 'grid')
    body = (
      <div className={classes.grid} data-testid="collections-grid">
        {items.map((c) => (
          <div key={c.id} className={classes.card} data-testid={`collection-card-${c.id}`}>
            <Link to={`/collections/own/${c.id}`} className={classes.cardLink} aria-label={c.name}>
              <div className={classes.mosaic} data-count={Math.min(c.thumbnails.length, 4)}>
                {c.thumbnails.length === 0 ? (
                  <IconFolders size={40} stroke={1.3} className={classes.mosaicIcon} />
                ) : (
                  c.thumbnails.slice(0, 4).map((url) => <img key={url} src={url} alt="" loading="lazy" />)
                )}
              </div>
              <div className={classes.cardInfo}>
                <p className={classes.cardName} title={c.name}>
                  {c.name}
                </p>
                <Text size="xs" c="dimmed">
                  {t('collections.count', { count: c.asset_count, formatted: formatNumber(c.asset_count) })}
                </Text>
              </div>
            </Link>
            <div className={classes.cardMenu}>{menu(c)}</div>
          </div>
        ))}
      </div>
    );
  else
    body = (
      <ScrollTable minWidth={420} label={t('collections.title')}>
        <Table highlightOnHover verticalSpacing="sm" data-testid="collections-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('collections.name')}</Table.Th>
              <Table.Th ta="right">{t('collections.assets')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('collections.updated')}</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>{t('collections.actionsColumn')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.id} data-testid={`collection-row-${c.id}`}>
                <Table.Td>
                  <Link to={`/collections/own/${c.id}`} className={classes.rowLink}>
                    {c.name}
                  </Link>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(c.asset_count)}</Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(c.updated_at)}</Table.Td>
                <Table.Td>{menu(c)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );

  return (
    <div className={classes.page}>
      <PageHeader
        title={t('collections.title')}
        description={
          list.data
            ? t('collections.total', { count: list.data.total, formatted: formatNumber(list.data.total) })
            : undefined
        }
        actions={
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label={t('collections.search')}
              placeholder={t('collections.search')}
              leftSection={<IconSearch size={14} />}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              w={220}
            />
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as 'grid' | 'list')}
              aria-label={t('search.view')}
              data={[
                {
                  value: 'grid',
                  label: <IconLayoutGrid size={16} aria-label={t('search.grid')} />,
                },
                {
                  value: 'list',
                  label: <IconList size={16} aria-label={t('search.list')} />,
                },
              ]}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'create' })}>
              {t('collections.new')}
            </Button>
          </Group>
        }
      />
      {body}
      <SmartCollections />
      <SharedWithMe />
      <CollectionFormModal
        mode={form}
        onClose={() => setForm(null)}
        onCreated={(c) => void navigate(`/collections/own/${c.id}`)}
      />
    </div>
  );
}
