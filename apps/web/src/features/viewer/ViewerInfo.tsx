import { Tabs, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { AssetCard, AssetView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration, formatNumber } from '../../i18n/format';
import { useAsset } from '../assets/api';
import { useFactRows } from '../assets/assetFacts';
import { useComments } from '../comments/api';
import { CommentsPanel } from '../comments/CommentsPanel';
import { BrandFieldValues } from '../metadata/BrandFieldValues';
import classes from './Viewer.module.css';

export type SidePanel = 'info' | 'comments';

interface SideProps {
  item: AssetCard;
  tab: SidePanel;
  onTab: (tab: SidePanel) => void;
  currentVersion: number | null;
}

/** The panel beside the picture: the file's facts and its comments, as two tabs. */
export function ViewerSidePanel({ item, tab, onTab, currentVersion }: SideProps) {
  const { t } = useTranslation();
  const list = useComments(item.id);
  const count = list.data?.items.reduce((n, th) => n + 1 + th.replies.length, 0);
  return (
    <aside className={classes.side} aria-label={t('comments.sidePanel')}>
      <Tabs value={tab} onChange={(v) => v && onTab(v as SidePanel)} className={classes.sideTabs}>
        <Tabs.List grow>
          <Tabs.Tab value="info">{t('comments.infoTab')}</Tabs.Tab>
          <Tabs.Tab value="comments">
            {count === undefined ? t('comments.tabEmpty') : t('comments.tab', { count })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" className={classes.sideScroll}>
          <ViewerInfo item={item} />
        </Tabs.Panel>
        <Tabs.Panel value="comments" className={classes.sideScroll}>
          <CommentsPanel assetId={item.id} currentVersion={currentVersion} />
        </Tabs.Panel>
      </Tabs>
    </aside>
  );
}

/**
 * The asset's facts, one per row: those of the asset page (taken, camera, where, keywords,
 * folder) once its detail has loaded, the card's own meanwhile.
 */
export function ViewerInfo({ item }: { item: AssetCard }) {
  const detail = useAsset(item.id).data?.asset;
  return detail ? <DetailFacts asset={detail} /> : <CardFacts item={item} />;
}

function DetailFacts({ asset }: { asset: AssetView }) {
  const { t } = useTranslation();
  const rows = useFactRows(asset, { keywordsAndFolder: true });
  return (
    <section className={classes.info} aria-label={t('viewer.info')} data-testid="viewer-facts">
      <dl>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <BrandFieldValues asset={asset} />
    </section>
  );
}

function CardFacts({ item }: { item: AssetCard }) {
  const { t } = useTranslation();
  return (
    <section className={classes.info} aria-label={t('viewer.info')}>
      <dl>
        <dt>{t('assets.facts.type')}</dt>
        <dd>
          {t(`assets.types.${item.type}`)} ({item.mime})
        </dd>
        <dt>{t('assets.facts.size')}</dt>
        <dd>{formatBytes(item.size)}</dd>
        {item.width && item.height ? (
          <>
            <dt>{t('assets.facts.dimensions')}</dt>
            <dd>{t('assets.dimensions', { width: formatNumber(item.width), height: formatNumber(item.height) })}</dd>
          </>
        ) : null}
        {item.duration_seconds ? (
          <>
            <dt>{t('assets.facts.duration')}</dt>
            <dd>{formatDuration(item.duration_seconds)}</dd>
          </>
        ) : null}
        {/* As the list shows it: a dash when the file names no author. */}
        <dt>{t('assets.facts.author')}</dt>
        <dd>{item.author ?? '—'}</dd>
      </dl>
    </section>
  );
}

/** Which keys the footer names: an image's, a PDF page's, a player's, or another file's. */
export type KeyHint = 'image' | 'page' | 'media' | 'file';

/** The footer: the asset's facts on one line, and the keyboard hint for this kind of file. */
export function ViewerFooter({ item, keys }: { item: AssetCard; keys: KeyHint }) {
  const { t } = useTranslation();
  const facts = [
    t(`assets.types.${item.type}`),
    item.ext.toUpperCase(),
    formatBytes(item.size),
    item.width && item.height
      ? t('assets.dimensions', { width: formatNumber(item.width), height: formatNumber(item.height) })
      : null,
    item.duration_seconds ? formatDuration(item.duration_seconds) : null,
    item.author,
  ].filter(Boolean);
  return (
    <footer className={classes.footer}>
      <Text size="xs" className={classes.facts}>
        {facts.join(' · ')}
      </Text>
      <Text size="xs" className={classes.hint} aria-hidden>
        {t(`viewer.keys.${keys}`)}
      </Text>
    </footer>
  );
}
