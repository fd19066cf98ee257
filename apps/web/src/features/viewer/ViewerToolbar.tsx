import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Modal, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconCrop,
  IconDownload,
  IconInfoCircle,
  IconMessageCircle,
  IconRotateClockwise,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatPercent } from '../../i18n/format';
import { ViewerMoreMenu as MoreActions } from './ViewerMoreMenu';
import { canCrop } from '../cropPresets/CropDialog';
import { FavoriteButton } from '../collections/FavoriteButton';
import type { SidePanel } from './ViewerInfo';
import { ZOOM_DEFAULT, canZoomIn, canZoomOut, toScale } from './zoom';
import classes from './Viewer.module.css';

interface ViewerToolbarProps {
  item: AssetCard;
  index: number;
  count: number;
  hasMore: boolean;
  /** Signed link to the original; null until the asset's view has loaded. */
  original: string | null;
  /** Zoom and rotation are offered only for what is shown as a picture. */
  visual: boolean;
  tenths: number;
  /** "Fit" and "100 %" are offered: an image is shown. */
  sizable: boolean;
  /** The image is at its actual pixels ("100 %" was the last zoom). */
  actual: boolean;
  /** The side panel open, if any. */
  panel: SidePanel | null;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetZoom: () => void;
  onActualSize: () => void;
  onRotate: () => void;
  onToggleInfo: () => void;
  onToggleComments: () => void;
  /** Opens "Crop and download" (offered for images the user may download). */
  onCrop: () => void;
  onClose: () => void;
}

/** The viewer's header: the asset's name and position, and its actions. */
export function ViewerToolbar({
  item,
  index,
  count,
  hasMore,
  original,
  visual,
  tenths,
  sizable,
  actual,
  panel,
  onZoomIn,
  onZoomOut,
  onResetZoom,
  onActualSize,
  onRotate,
  onToggleInfo,
  onToggleComments,
  onCrop,
  onClose,
}: ViewerToolbarProps) {
  const { t } = useTranslation();
  const percent = formatPercent(toScale(tenths));
  const position = t(hasMore ? 'viewer.positionMore' : 'viewer.position', {
    current: formatNumber(index + 1),
    total: formatNumber(count),
  });

  return (
    // A <div>: a <header> inside the viewer dialog would be a second page banner.
    <div className={classes.header}>
      <Group gap="sm" wrap="nowrap" miw={0} className={classes.titleGroup}>
        <Modal.Title className={classes.title} title={item.name}>
          {item.name}
        </Modal.Title>
        <Badge variant="outline" color="gray.5" radius="sm" className={classes.ext}>
          {item.ext || item.type}
        </Badge>
        <Text size="sm" className={classes.position} aria-label={t('viewer.positionLabel')}>
          {position}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" role="toolbar" aria-label={t('viewer.toolbar')} className={classes.tools}>
        <Tool label={t('viewer.zoomOut')} disabled={!visual || !canZoomOut(tenths)} onClick={onZoomOut}>
          <IconZoomOut size={20} />
        </Tool>
        <Tooltip label={t('viewer.zoomReset')} withinPortal={false}>
          <UnstyledButton
            className={classes.zoomValue}
            aria-label={t('viewer.zoomReset')}
            disabled={!visual}
            onClick={onResetZoom}
            data-testid="viewer-zoom"
          >
            {percent}
          </UnstyledButton>
        </Tooltip>
        <Tool label={t('viewer.zoomIn')} disabled={!visual || !canZoomIn(tenths)} onClick={onZoomIn}>
          <IconZoomIn size={20} />
        </Tool>
        {sizable && (
          <>
            <Preset label={t('viewer.fitLabel')} pressed={tenths === ZOOM_DEFAULT} onClick={onResetZoom}>
              {t('viewer.fit')}
            </Preset>
            <Preset label={t('viewer.actualSizeLabel')} pressed={actual} onClick={onActualSize}>
              {t('viewer.actualSize')}
            </Preset>
          </>
        )}
        <Tool label={t('viewer.rotate')} disabled={!visual} onClick={onRotate}>
          <IconRotateClockwise size={20} />
        </Tool>
        <span className={classes.divider} aria-hidden />
        <FavoriteButton assetId={item.id} name={item.name} variant="dark" size={40} className={classes.tool} />
        {item.abilities.download &&
          (original ? (
            <Tool label={t('viewer.download')} href={original} download={item.name}>
              <IconDownload size={20} />
            </Tool>
          ) : (
            <Tool label={t('viewer.download')} disabled>
              <IconDownload size={20} />
            </Tool>
          ))}
        {canCrop(item) && (
          <Tool label={t('crop.open')} onClick={onCrop}>
            <IconCrop size={20} />
          </Tool>
        )}
        <Tool label={t('viewer.info')} onClick={onToggleInfo} pressed={panel === 'info'}>
          <IconInfoCircle size={20} />
        </Tool>
        <Tool label={t('comments.toggle')} onClick={onToggleComments} pressed={panel === 'comments'}>
          <IconMessageCircle size={20} />
        </Tool>
        <MoreActions item={item} onClose={onClose} />
      </Group>
      {/* Outside the tools, so that on a phone it stays beside the name while the tools wrap below. */}
      <div className={classes.close}>
        <Tool label={t('viewer.close')} onClick={onClose}>
          <IconX size={22} />
        </Tool>
      </div>
    </div>
  );
}

/** A zoom level named in words ("Fit", "100 %"), pressed while the picture is shown at it. */
function Preset({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal={false}>
      <UnstyledButton className={classes.preset} aria-label={label} aria-pressed={pressed} onClick={onClick}>
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}

type ToolProps = {
  label: string;
  children: ReactNode;
  disabled?: boolean;
  pressed?: boolean;
  onClick?: () => void;
  href?: string;
  download?: string;
  to?: string;
  /** The link replaces the current history entry instead of adding one. */
  replace?: boolean;
};

/** A toolbar button on the dark header: icon, accessible name and tooltip from one label. */
function Tool({ label, children, disabled, pressed, onClick, href, download, to, replace }: ToolProps) {
  const common = {
    className: classes.tool,
    variant: 'subtle' as const,
    size: 40,
    'aria-label': label,
  };
  let button: ReactNode;
  if (to)
    button = (
      <ActionIcon {...common} component={Link} to={to} replace={replace} onClick={onClick}>
        {children}
      </ActionIcon>
    );
  else if (href)
    button = (
      <ActionIcon {...common} component="a" href={href} download={download}>
        {children}
      </ActionIcon>
    );
  else
    button = (
      <ActionIcon {...common} disabled={disabled} onClick={onClick} aria-pressed={pressed}>
        {children}
      </ActionIcon>
    );
  return (
    <Tooltip label={label} withinPortal={false} disabled={disabled}>
      {button}
    </Tooltip>
  );
}
