import { useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Modal, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconExternalLink,
  IconFileText,
  IconInfoCircle,
  IconRotateClockwise,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../i18n';
import { formatBytes, formatDuration, formatNumber } from '../../i18n/format';
import { useAsset } from '../assets/api';
import { TypeIcon } from '../assets/TypeIcon';
import { ZOOM_DEFAULT, canZoomIn, canZoomOut, toScale, zoomIn, zoomOut } from './zoom';
import classes from './Viewer.module.css';

export interface AssetViewerProps {
  items: AssetCard[];
  /** The open item; null when the viewer is closed. */
  index: number | null;
  onIndexChange: (i: number) => void;
  onClose: () => void;
  /** More items exist after the last loaded one: "next" at the end asks for them. */
  hasMore?: boolean;
  onLoadMore?: () => void;
}

/** Full-screen, dark viewer over a list of assets: zoom, rotate, play, page with the arrow keys. */
export function AssetViewer({ items, index, onIndexChange, onClose, hasMore, onLoadMore }: AssetViewerProps) {
  const item = index !== null ? items[index] : undefined;
  return (
    <Modal.Root
      opened={item !== undefined}
      onClose={onClose}
      fullScreen
      radius={0}
      padding={0}
      zIndex={1000}
      transitionProps={{ transition: 'fade', duration: 120 }}
    >
      <Modal.Overlay backgroundOpacity={0.92} color="#000" />
      <Modal.Content className={classes.content}>
        {item !== undefined && index !== null && (
          <ViewerFrame
            // A new asset starts at 100 %, unrotated and centred.
            key={item.id}
            item={item}
            index={index}
            count={items.length}
            hasMore={!!hasMore}
            onIndexChange={onIndexChange}
            onClose={onClose}
            onLoadMore={onLoadMore}
            prevItem={index > 0 ? items[index - 1] : undefined}
            nextItem={items[index + 1]}
          />
        )}
      </Modal.Content>
    </Modal.Root>
  );
}

interface FrameProps {
  item: AssetCard;
  index: number;
  count: number;
  hasMore: boolean;
  prevItem?: AssetCard;
  nextItem?: AssetCard;
  onIndexChange: (i: number) => void;
  onClose: () => void;
  onLoadMore?: () => void;
}

const isPdf = (a: AssetCard) => a.type === 'document' && a.mime === 'application/pdf';
const pictureOf = (a: AssetCard) => a.preview_url ?? a.thumbnail_url;

/** Keys typed in these keep their own meaning (seeking a video, moving a caret). */
function ownsKeys(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName))
  );
}

function ViewerFrame({
  item,
  index,
  count,
  hasMore,
  prevItem,
  nextItem,
  onIndexChange,
  onClose,
  onLoadMore,
}: FrameProps) {
  const { t } = useTranslation();
  // The view gives the signed link to the original (playback, PDF, download).
  const view = useAsset(item.id);
  const original = view.data?.asset.download_url ?? null;
  const [tenths, setTenths] = useState(ZOOM_DEFAULT);
  const [turns, setTurns] = useState(0);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [broken, setBroken] = useState(false);
  const [info, setInfo] = useState(false);

  const picture = broken ? null : pictureOf(item);
  const plays = item.type === 'video' || item.type === 'audio';
  // Zoom and rotation apply to what is shown as a picture: images and PDF first pages.
  const visual = !plays && picture !== null && item.derivatives !== 'pending';
  const hasPrev = index > 0;
  const hasNext = index < count - 1 || hasMore;

  const prev = () => hasPrev && onIndexChange(index - 1);
  // At the last loaded item, ask for more and move on once they arrive.
  const waitingFrom = useRef<number | null>(null);
  const next = () => {
    if (index < count - 1) onIndexChange(index + 1);
    else if (hasMore && onLoadMore) {
      waitingFrom.current = index;
      onLoadMore();
    }
  };
  useEffect(() => {
    if (waitingFrom.current === index && count > index + 1) {
      waitingFrom.current = null;
      onIndexChange(index + 1);
    }
  }, [count, index, onIndexChange]);

  const doZoomIn = () => setTenths(zoomIn);
  const doZoomOut = () =>
    setTenths((z) => {
      const n = zoomOut(z);
      if (n <= ZOOM_DEFAULT) setOffset({ x: 0, y: 0 });
      return n;
    });
  const resetZoom = () => (setTenths(ZOOM_DEFAULT), setOffset({ x: 0, y: 0 }));
  const rotate = () => setTurns((n) => n + 1);

  // Latest handlers for the listeners below, which are bound once.
  const keys = useRef({ prev, next, doZoomIn, doZoomOut, resetZoom, rotate, visual });
  keys.current = { prev, next, doZoomIn, doZoomOut, resetZoom, rotate, visual };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return;
      const k = keys.current;
      const act: Record<string, (() => unknown) | undefined> = {
        ArrowLeft: k.prev,
        ArrowRight: k.next,
        '+': k.visual ? k.doZoomIn : undefined,
        '=': k.visual ? k.doZoomIn : undefined,
        '-': k.visual ? k.doZoomOut : undefined,
        '0': k.visual ? k.resetZoom : undefined,
        r: k.visual ? k.rotate : undefined,
        R: k.visual ? k.rotate : undefined,
      };
      const fn = act[e.key];
      if (fn) {
        e.preventDefault();
        fn();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Ctrl/⌘ + wheel zooms; React's wheel listener is passive, so bind a native one.
  const stageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey) || !keys.current.visual) return;
      e.preventDefault();
      if (e.deltaY < 0) keys.current.doZoomIn();
      else if (e.deltaY > 0) keys.current.doZoomOut();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // Warm the browser cache with the neighbours' pictures.
  useEffect(() => {
    for (const n of [prevItem, nextItem]) {
      const url = n && n.type !== 'video' && n.type !== 'audio' ? pictureOf(n) : null;
      if (url) new Image().src = url;
    }
  }, [prevItem, nextItem]);

  // Drag to pan when zoomed in.
  const drag = useRef<{ id: number; x: number; y: number; ox: number; oy: number } | null>(null);
  const pannable = visual && tenths > ZOOM_DEFAULT;
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pannable || e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    setOffset({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y });
  };
  const endDrag = () => (drag.current = null);

  const scale = toScale(tenths);
  const percent = new Intl.NumberFormat(currentLang(), { style: 'percent' }).format(scale);
  const quarter = ((turns % 4) + 4) % 4;
  const position = t(hasMore ? 'viewer.positionMore' : 'viewer.position', {
    current: formatNumber(index + 1),
    total: formatNumber(count),
  });

  let stage: ReactNode;
  if (item.derivatives === 'pending' && !plays) {
    stage = (
      <Stack align="center" gap="sm" className={classes.message}>
        <Loader color="gray.3" />
        <Text size="sm">{t('viewer.processing')}</Text>
      </Stack>
    );
  } else if (item.type === 'video') {
    stage = original ? (
      <video
        className={classes.media}
        src={original}
        poster={pictureOf(item) ?? undefined}
        controls
        preload="metadata"
        aria-label={item.name}
      />
    ) : (
      <NoPlayback item={item} loading={view.isPending} />
    );
  } else if (item.type === 'audio') {
    stage = (
      <Stack align="center" gap="lg" className={classes.audio}>
        {picture ? (
          <img src={picture} alt="" className={classes.audioCover} onError={() => setBroken(true)} />
        ) : (
          <TypeIcon type="audio" size={120} />
        )}
        {original ? (
          <audio className={classes.audioPlayer} src={original} controls preload="metadata" aria-label={item.name} />
        ) : (
          <NoPlayback item={item} loading={view.isPending} bare />
        )}
      </Stack>
    );
  } else if (picture) {
    stage = (
      <img
        src={picture}
        alt={item.name}
        draggable={false}
        className={classes.picture}
        data-sideways={quarter % 2 === 1 || undefined}
        data-scale={scale}
        data-rotation={quarter * 90}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px) rotate(${turns * 90}deg) scale(${scale})` }}
        onError={() => setBroken(true)}
      />
    );
  } else {
    stage = (
      <Stack align="center" gap="xs" className={classes.message}>
        <TypeIcon type={item.type} size={96} />
        <Text fw={600} className={classes.fileName}>
          {item.name}
        </Text>
        <Text size="sm" c="gray.5">
          {t(`assets.types.${item.type}`)} · {item.ext.toUpperCase()} · {formatBytes(item.size)}
        </Text>
        <Text size="sm" c="gray.5">
          {t('viewer.noPreview')}
        </Text>
        {item.abilities.download && original && (
          <Button component="a" href={original} download={item.name} leftSection={<IconDownload size={16} />} mt="sm">
            {t('viewer.download')}
          </Button>
        )}
      </Stack>
    );
  }

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
    <div className={classes.frame}>
      <header className={classes.header}>
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
        <Group gap={4} wrap="nowrap" role="toolbar" aria-label={t('viewer.toolbar')}>
          <Tool label={t('viewer.zoomOut')} disabled={!visual || !canZoomOut(tenths)} onClick={doZoomOut}>
            <IconZoomOut size={20} />
          </Tool>
          <Tooltip label={t('viewer.zoomReset')} withinPortal={false}>
            <UnstyledButton
              className={classes.zoomValue}
              aria-label={t('viewer.zoomReset')}
              disabled={!visual}
              onClick={resetZoom}
              data-testid="viewer-zoom"
            >
              {percent}
            </UnstyledButton>
          </Tooltip>
          <Tool label={t('viewer.zoomIn')} disabled={!visual || !canZoomIn(tenths)} onClick={doZoomIn}>
            <IconZoomIn size={20} />
          </Tool>
          <Tool label={t('viewer.rotate')} disabled={!visual} onClick={rotate}>
            <IconRotateClockwise size={20} />
          </Tool>
          <span className={classes.divider} aria-hidden />
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
          <Tool label={t('viewer.info')} onClick={() => setInfo((v) => !v)} pressed={info}>
            <IconInfoCircle size={20} />
          </Tool>
          <Tool label={t('viewer.details')} to={`/brand/asset/${item.id}`} onClick={onClose}>
            <IconExternalLink size={20} />
          </Tool>
          <Tool label={t('viewer.close')} onClick={onClose}>
            <IconX size={22} />
          </Tool>
        </Group>
      </header>

      <div className={classes.body}>
        <div
          ref={stageRef}
          className={classes.stage}
          data-pannable={pannable || undefined}
          data-type={item.type}
          data-pdf={isPdf(item) || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          {stage}
          {(count > 1 || hasMore) && (
            <>
              <ActionIcon
                className={`${classes.nav} ${classes.navPrev}`}
                size={48}
                radius="xl"
                variant="filled"
                aria-label={t('viewer.previous')}
                disabled={!hasPrev}
                onClick={prev}
              >
                <IconChevronLeft size={28} />
              </ActionIcon>
              <ActionIcon
                className={`${classes.nav} ${classes.navNext}`}
                size={48}
                radius="xl"
                variant="filled"
                aria-label={t('viewer.next')}
                disabled={!hasNext}
                onClick={next}
              >
                <IconChevronRight size={28} />
              </ActionIcon>
            </>
          )}
          {isPdf(item) && (
            <Button
              className={classes.pdfButton}
              component="a"
              href={original ? inline(original) : undefined}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconFileText size={16} />}
              data-disabled={!original || undefined}
              onClick={(e) => !original && e.preventDefault()}
            >
              {t('viewer.openPdf')}
            </Button>
          )}
        </div>
        {info && (
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
                  <dd>
                    {t('assets.dimensions', { width: formatNumber(item.width), height: formatNumber(item.height) })}
                  </dd>
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
        )}
      </div>

      <footer className={classes.footer}>
        <Text size="xs" className={classes.facts}>
          {facts.join(' · ')}
        </Text>
        <Text size="xs" className={classes.hint} aria-hidden>
          {t('viewer.keysHint')}
        </Text>
      </footer>
    </div>
  );
}

/**
 * Asks the server to show the original in the browser rather than save it. Harmless where the
 * server does not know the parameter (the signature covers only the path, exp and sig).
 */
function inline(url: string) {
  return `${url}${url.includes('?') ? '&' : '?'}disposition=inline`;
}

function NoPlayback({ item, loading, bare }: { item: AssetCard; loading: boolean; bare?: boolean }) {
  const { t } = useTranslation();
  const poster = pictureOf(item);
  return (
    <Stack align="center" gap="sm" className={classes.message}>
      {!bare &&
        (poster ? (
          <img src={poster} alt={item.name} className={classes.poster} />
        ) : (
          <TypeIcon type={item.type} size={96} />
        ))}
      {loading ? <Loader color="gray.3" size="sm" /> : <Text size="sm">{t('viewer.noPlayback')}</Text>}
    </Stack>
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
};

/** A toolbar button on the dark header: icon, accessible name and tooltip from one label. */
function Tool({ label, children, disabled, pressed, onClick, href, download, to }: ToolProps) {
  const common = {
    className: classes.tool,
    variant: 'subtle' as const,
    size: 40,
    'aria-label': label,
  };
  let button: ReactNode;
  if (to)
    button = (
      <ActionIcon {...common} component={Link} to={to} onClick={onClick}>
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
