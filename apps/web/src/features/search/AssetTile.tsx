import { memo, useState } from 'react';
import type { MouseEvent } from 'react';
import { Box, Checkbox, Loader, Skeleton } from '@mantine/core';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatDuration } from '../../i18n/format';
import { PrivateBadge } from '../../ui/PrivateBadge';
import { mayBeTransparent } from '../assets/transparency';
import { TypeIcon } from '../../ui/TypeIcon';
import { IconFolder, IconPlayerPlayFilled } from '@tabler/icons-react';
import assetClasses from '../assets/Assets.module.css';
import { FavoriteButton } from '../collections/FavoriteButton';
import { AvailabilityBadges, marked } from '../assets/availability';
import { AssetMenu } from './AssetMenu';
import { useResultFolder } from './folderPaths';
import type { AssetActions } from './useAssetActions';
import classes from './Search.module.css';

/**
 * Items get their index and the list's handlers as they are (stable while scrolling), never
 * fresh closures, so memo() skips every item on screen that did not change.
 */
export interface ItemProps {
  asset: AssetCard;
  index: number;
  selected: boolean;
  onToggle: (index: number, shift: boolean) => void;
  /** Opens the viewer; without it the card is a plain link to the asset page. */
  onOpen?: (index: number) => void;
  actions: AssetActions;
}

/**
 * A plain click opens the viewer, while the link keeps its address so a middle click or
 * "open in new tab" still reaches the asset page.
 */
export function openHandler(index: number, onOpen?: (index: number) => void) {
  return (e: MouseEvent) => {
    if (!onOpen || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(index);
  };
}

/** Grid card: square contained thumbnail, name, extension badge and size; checkbox and menu on hover. */
export const AssetTile = memo(function AssetTile({ asset, index, selected, onToggle, onOpen, actions }: ItemProps) {
  const { t } = useTranslation();
  const where = useResultFolder(asset.folder_id);
  // The hover preview loads only once the pointer (or focus) is on this card.
  const [hovering, setHovering] = useState(false);
  const hover = hovering && asset.hover_url;
  return (
    <div
      className={classes.card}
      data-selected={selected || undefined}
      data-asset-name={asset.name}
      data-tour="asset-card"
      onMouseEnter={asset.hover_url ? () => setHovering(true) : undefined}
      onMouseLeave={asset.hover_url ? () => setHovering(false) : undefined}
      onFocus={asset.hover_url ? () => setHovering(true) : undefined}
      onBlur={asset.hover_url ? () => setHovering(false) : undefined}
    >
      <Link
        to={`/brand/asset/${asset.id}`}
        className={classes.cardLink}
        data-testid={`asset-card-${asset.id}`}
        aria-label={asset.name}
        onClick={openHandler(index, onOpen)}
      >
        <div className={assetClasses.thumb} data-checker={mayBeTransparent(asset) || undefined}>
          {asset.derivatives === 'pending' ? (
            <>
              <Skeleton className={assetClasses.thumbSkeleton} radius={0} />
              <Loader size="sm" className={assetClasses.thumbLoader} aria-label={t('assets.processing')} />
            </>
          ) : (
            <Thumb asset={asset} className={assetClasses.thumbImg} iconSize={40} />
          )}
          {hover && <img src={hover} alt="" className={classes.hoverPreview} data-testid="hover-preview" />}
          {(asset.type === 'video' || asset.type === 'audio') && (
            <span className={classes.playBadge}>
              <IconPlayerPlayFilled size={10} aria-hidden />
              {formatDuration(asset.duration_seconds)}
            </span>
          )}
          {(asset.visibility === 'PRIVATE' || marked(asset)) && (
            <div
              className={`${assetClasses.thumbBadge} ${assetClasses.badges} ${assetClasses.thumbBadges}`}
              style={{ top: 'auto', bottom: 6 }}
            >
              <AvailabilityBadges availability={asset.availability} review={asset.review} />
              {asset.visibility === 'PRIVATE' && <PrivateBadge />}
            </div>
          )}
        </div>
        <div className={classes.cardInfo}>
          {/* A native tooltip: a positioned one per card costs frames while scrolling thousands. */}
          <p className={classes.cardName} title={asset.name}>
            {stemOf(asset)}
          </p>
          <div className={classes.cardMeta}>
            {asset.ext && <span className={classes.extBadge}>{asset.ext.toUpperCase()}</span>}
            {where ? (
              // In place of the size, so every card keeps its height: the grid's rows are measured once.
              <p className={`${classes.small} ${classes.truncate}`} title={where.path} data-testid="result-folder">
                <IconFolder size={11} aria-hidden className={classes.folderGlyph} />
                <span className={classes.srOnly}>{t('search.inFolder')} </span>
                {where.name}
              </p>
            ) : (
              <p className={classes.small}>{formatBytes(asset.size)}</p>
            )}
          </div>
        </div>
      </Link>
      <div className={`${classes.overlay} ${classes.check}`}>
        <Checkbox
          size="xs"
          checked={selected}
          aria-label={t('search.select', { name: asset.name })}
          onChange={() => undefined}
          onClick={(e) => onToggle(index, e.shiftKey)}
          onKeyDown={(e) => {
            // Space toggles natively (a click); Enter should too for keyboard users.
            if (e.key === 'Enter') onToggle(index, e.shiftKey);
          }}
        />
      </div>
      <div className={`${classes.overlay} ${classes.menu}`}>
        <FavoriteButton assetId={asset.id} name={asset.name} variant="card" className={classes.menuButton} />
        <AssetMenu asset={asset} actions={actions} onPreview={onOpen && (() => onOpen(index))} />
      </div>
    </div>
  );
});

/** The name as people read it on a card: the extension has its own badge beside it. */
function stemOf(asset: AssetCard) {
  const suffix = asset.ext ? `.${asset.ext}` : '';
  const stem =
    suffix && asset.name.toLowerCase().endsWith(suffix.toLowerCase()) ? asset.name.slice(0, -suffix.length) : '';
  return stem || asset.name;
}

/**
 * The thumbnail, or the type icon when there is none or it fails to load (never a broken image);
 * a preview the server could not make says so where there is room, apart from "no preview for
 * this type".
 */
export function Thumb({ asset, className, iconSize }: { asset: AssetCard; className?: string; iconSize: number }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const url = asset.thumbnail_url;
  if (asset.derivatives === 'failed' && !url && iconSize >= 32)
    return (
      <span className={classes.previewFailed}>
        <TypeIcon type={asset.type} size={iconSize} />
        <span>{t('assets.previewFailed')}</span>
      </span>
    );
  if (!url || failed === url) return <TypeIcon type={asset.type} size={iconSize} />;
  return <img src={url} alt="" loading="lazy" className={className} onError={() => setFailed(url)} />;
}

/** Same shape as a card, for the first page and while more load. */
export function AssetTileSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <Skeleton className={assetClasses.thumb} radius={0} />
      <Box p="xs">
        <Skeleton height={14} width="80%" />
        <Skeleton height={10} width="40%" mt={8} />
      </Box>
    </div>
  );
}
