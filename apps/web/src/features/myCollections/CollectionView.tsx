import type { ComponentProps, ReactNode } from 'react';
import { Anchor, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconArrowLeft, IconLayoutGrid, IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageError } from '../../ui/PageError';
import { AssetTileSkeleton } from '../search/AssetTile';
import { Results } from '../search/Results';
import type { ViewMode } from '../search/Results';
import classes from '../collections/Collections.module.css';
import searchClasses from '../search/Search.module.css';

/** The way back to My Collections, atop a collection of either kind. */
export function BackToCollections() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/collections/own" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('collections.back')}
      </Group>
    </Anchor>
  );
}

/** A collection page that could not load: the way back, and the error with a retry. */
export function CollectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={classes.page}>
      <Stack gap="md">
        <BackToCollections />
        <PageError error={error} onRetry={onRetry} />
      </Stack>
    </div>
  );
}

/** Grid or list, as in the searcher. */
export function ViewSwitch({ view, onChange }: { view: ViewMode; onChange: (v: ViewMode) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      value={view}
      onChange={(v) => onChange(v as ViewMode)}
      aria-label={t('search.view')}
      data={[
        { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('search.grid')} /> },
        { value: 'list', label: <IconList size={16} aria-label={t('search.list')} /> },
      ]}
    />
  );
}

/**
 * A collection's assets as the searcher shows them: skeleton tiles until the first page comes,
 * `empty` when there is none, the results otherwise.
 */
export function CollectionResults({
  total,
  fetching,
  empty,
  ...results
}: ComponentProps<typeof Results> & {
  /** How many assets; undefined until the first page comes. */
  total: number | undefined;
  fetching: boolean;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  let body;
  if (total === undefined)
    body = (
      <div
        className={searchClasses.gridRow}
        style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}
        aria-busy
      >
        {Array.from({ length: 8 }, (_, i) => (
          <AssetTileSkeleton key={i} />
        ))}
      </div>
    );
  else if (total === 0) body = empty;
  else body = <Results {...results} />;
  return (
    <section aria-label={t('assets.title')} aria-busy={fetching} className={searchClasses.results}>
      {body}
    </section>
  );
}
