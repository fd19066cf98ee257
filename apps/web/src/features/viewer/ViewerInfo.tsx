import { Text } from '@mantine/core';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration, formatNumber } from '../../i18n/format';
import classes from './Viewer.module.css';

/** The side panel the info button opens: the asset's facts, one per row. */
export function ViewerInfo({ item }: { item: AssetCard }) {
  const { t } = useTranslation();
  return (
    <aside className={classes.info} aria-label={t('viewer.info')}>
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
        {item.author && (
          <>
            <dt>{t('assets.facts.author')}</dt>
            <dd>{item.author}</dd>
          </>
        )}
      </dl>
    </aside>
  );
}

/** The footer: the asset's facts on one line, and the keyboard hint. */
export function ViewerFooter({ item }: { item: AssetCard }) {
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
        {t('viewer.keysHint')}
      </Text>
    </footer>
  );
}
