import { useEffect, useRef, useState } from 'react';
import type { MutableRefObject, PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Button, Loader, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconFileText } from '@tabler/icons-react';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../i18n/format';
import { TypeIcon } from '../../ui/TypeIcon';
import { AnnotationLayer } from '../comments/AnnotationLayer';
import { useReview } from '../comments/review';
import { mayBeTransparent } from '../assets/transparency';
import { inline, isPdf, pictureOf } from './media';
import { ZOOM_DEFAULT, toScale, wheelSteps } from './zoom';
import classes from './Viewer.module.css';

export interface Offset {
  x: number;
  y: number;
}

interface ViewerStageProps {
  item: AssetCard;
  /** Signed link to the original; null until the asset's view has loaded. */
  original: string | null;
  /** The asset's view (and so the original) is still loading. */
  loading: boolean;
  /** The picture to show, or null when there is none or it failed to load. */
  picture: string | null;
  /** Zoom, rotation and panning apply: the asset is shown as a picture. */
  visual: boolean;
  tenths: number;
  turns: number;
  offset: Offset;
  /** Given the picture element, so that "100 %" can measure its fitted size. */
  pictureRef?: MutableRefObject<HTMLImageElement | null>;
  onPan: (offset: Offset) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onBroken: () => void;
  /** Show the previous/next buttons at all (there is more than one item). */
  navigable: boolean;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}

/** Fingers this much further apart (or closer) zoom one step in (or out). */
const PINCH_STEP = 1.15;

/** The viewer's main area: the asset itself, panned and zoomed, with paging and "Open PDF" over it. */
export function ViewerStage({
  item,
  original,
  loading,
  picture,
  visual,
  tenths,
  turns,
  offset,
  pictureRef,
  onPan,
  onZoomIn,
  onZoomOut,
  onBroken,
  navigable,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
}: ViewerStageProps) {
  const { t } = useTranslation();

  // Latest handlers for the wheel listener below, which is bound once.
  const wheel = useRef({ visual, onZoomIn, onZoomOut });
  wheel.current = { visual, onZoomIn, onZoomOut };

  // The wheel zooms, with or without Ctrl/⌘ (a trackpad pinch arrives as Ctrl + wheel), a 0.1 step
  // per WHEEL_STEP of travel; React's wheel listener is passive, so bind a native one.
  const stageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    let pending = 0;
    const onWheel = (e: WheelEvent) => {
      // A sideways swipe is no zoom; nor is a wheel over something that scrolls of its own.
      if (!wheel.current.visual || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      const next = wheelSteps(pending, e.deltaY, e.deltaMode);
      pending = next.pending;
      if (next.steps > 0) wheel.current.onZoomIn();
      else if (next.steps < 0) wheel.current.onZoomOut();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // Drag to pan when zoomed in; two fingers pinch to zoom, a step each time their distance
  // changes by PINCH_STEP (the same 0.1 steps and 50–150 % range as the buttons).
  const drag = useRef<{ id: number; x: number; y: number; ox: number; oy: number } | null>(null);
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinchBase = useRef<number | null>(null);
  const pannable = visual && tenths > ZOOM_DEFAULT;
  const spread = () => {
    const [a, b] = [...touches.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  };
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch' && visual) {
      touches.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.current.size === 2) {
        drag.current = null;
        pinchBase.current = spread();
        return;
      }
    }
    if (!pannable || e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (touches.current.has(e.pointerId)) touches.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const base = pinchBase.current;
    const now = touches.current.size === 2 ? spread() : null;
    if (base && now) {
      if (now / base >= PINCH_STEP || base / now >= PINCH_STEP) {
        if (now > base) onZoomIn();
        else onZoomOut();
        pinchBase.current = now;
      }
      return;
    }
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    onPan({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y });
  };
  const endDrag = (e: ReactPointerEvent<HTMLDivElement>) => {
    touches.current.delete(e.pointerId);
    if (touches.current.size < 2) pinchBase.current = null;
    drag.current = null;
  };

  return (
    <div
      ref={stageRef}
      className={classes.stage}
      // Focus starts here, not on the first toolbar button, so Space plays rather than presses it.
      tabIndex={-1}
      data-autofocus
      data-pannable={pannable || undefined}
      data-type={item.type}
      data-pdf={isPdf(item) || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <StageMedia
        item={item}
        original={original}
        loading={loading}
        picture={picture}
        tenths={tenths}
        turns={turns}
        offset={offset}
        pictureRef={pictureRef}
        onBroken={onBroken}
      />
      {item.derivatives !== 'pending' && (item.type === 'video' || picture) && (
        <AnnotationLayer
          watch={`${item.id} ${item.type === 'video' ? original : picture}`}
          scale={item.type === 'video' ? 1 : toScale(tenths)}
          turns={item.type === 'video' ? 0 : turns}
          offset={item.type === 'video' ? undefined : offset}
        />
      )}
      {navigable && (
        <>
          <ActionIcon
            className={`${classes.nav} ${classes.navPrev}`}
            size={48}
            radius="xl"
            variant="filled"
            aria-label={t('viewer.previous')}
            disabled={!hasPrev}
            onClick={onPrev}
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
            onClick={onNext}
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
  );
}

type StageMediaProps = Pick<
  ViewerStageProps,
  'item' | 'original' | 'loading' | 'picture' | 'tenths' | 'turns' | 'offset' | 'pictureRef' | 'onBroken'
>;

/**
 * The link a player was given first for this item: the view hands out a fresh short-lived link
 * now and then, and a new `src` would restart playback. When the pinned link runs out mid-play
 * (a long video), `renew` takes the fresh one and carries on from the same second.
 */
function usePlaybackSource(itemId: number, original: string | null) {
  const [pinned, setPinned] = useState<{ id: number; url: string } | null>(null);
  if (original && pinned?.id !== itemId) setPinned({ id: itemId, url: original });
  const source = pinned?.id === itemId ? pinned.url : original;
  const renew = (player: HTMLMediaElement) => {
    if (!original || original === source) return;
    const at = player.currentTime;
    const playing = !player.paused;
    player.addEventListener(
      'loadedmetadata',
      () => {
        player.currentTime = at;
        if (playing) void player.play().catch(() => undefined);
      },
      { once: true },
    );
    setPinned({ id: itemId, url: original });
  };
  return { source, renew };
}

/** The asset as its type allows: a player, a picture, or a card for files without a preview. */
function StageMedia({
  item,
  original,
  loading,
  picture,
  tenths,
  turns,
  offset,
  pictureRef,
  onBroken,
}: StageMediaProps) {
  const { t } = useTranslation();
  const plays = item.type === 'video' || item.type === 'audio';
  const { source, renew } = usePlaybackSource(item.id, original);
  const video = useVideoSource(item, source);
  // The comments place markers over the picture or video and read and set the player's time.
  const review = useReview();
  const bind = (el: HTMLImageElement | HTMLVideoElement | HTMLAudioElement | null) => {
    if (pictureRef && (el === null || el instanceof HTMLImageElement)) pictureRef.current = el;
    if (!review) return;
    if (!(el instanceof HTMLAudioElement)) review.target.current = el;
    if (!(el instanceof HTMLImageElement)) review.media.current = el;
  };

  if (item.derivatives === 'pending' && !plays) {
    return (
      <Stack align="center" gap="sm" className={classes.message}>
        <Loader color="gray.3" />
        <Text size="sm">{t('viewer.processing')}</Text>
      </Stack>
    );
  }
  if (item.type === 'video') {
    if (video.src)
      return (
        <video
          ref={bind}
          className={classes.media}
          src={video.src}
          poster={pictureOf(item) ?? undefined}
          controls
          preload="metadata"
          aria-label={item.name}
          data-source={video.proxy ? 'proxy' : 'original'}
          onError={(e) => (video.proxy || original === source ? video.broken() : renew(e.currentTarget))}
        />
      );
    const waiting = item.proxy_state === 'pending';
    return (
      <NoPlayback
        item={item}
        loading={loading && !video.unplayable}
        message={source || waiting ? t(waiting ? 'viewer.preparingVideo' : 'viewer.cannotPlay') : undefined}
      />
    );
  }
  if (item.type === 'audio') {
    return (
      <Stack align="center" gap="lg" className={classes.audio}>
        {picture ? (
          <img src={picture} alt="" className={classes.audioCover} onError={onBroken} />
        ) : (
          <TypeIcon type="audio" size={120} />
        )}
        {source ? (
          <audio
            ref={bind}
            className={classes.audioPlayer}
            src={source}
            controls
            preload="metadata"
            aria-label={item.name}
            onError={(e) => renew(e.currentTarget)}
          />
        ) : (
          <NoPlayback item={item} loading={loading} bare />
        )}
      </Stack>
    );
  }
  if (picture) {
    const scale = toScale(tenths);
    const quarter = ((turns % 4) + 4) % 4;
    return (
      <img
        ref={bind}
        src={picture}
        alt={item.name}
        draggable={false}
        className={classes.picture}
        data-sideways={quarter % 2 === 1 || undefined}
        data-checker={mayBeTransparent(item) || undefined}
        data-scale={scale}
        data-rotation={quarter * 90}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px) rotate(${turns * 90}deg) scale(${scale})` }}
        onError={onBroken}
      />
    );
  }
  return (
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

/**
 * What a video plays: its proxy (H.264/AAC, plays everywhere) once made; else the original
 * where the browser can play it (not while a proxy is being made for a type it says it cannot);
 * a proxy that fails to load falls back to the original, and an original that fails, to a message.
 */
function useVideoSource(item: AssetCard, original: string | null) {
  const [broken, setBroken] = useState<string[]>([]);
  const proxy = item.proxy_url && !broken.includes(item.proxy_url) ? item.proxy_url : null;
  const unplayable = !!original && broken.includes(original);
  const waitForProxy = item.proxy_state === 'pending' && !canPlay(item.mime);
  const src = proxy ?? (original && !unplayable && !waitForProxy ? original : null);
  return {
    src,
    proxy: !!proxy,
    unplayable: unplayable || waitForProxy,
    broken: () => src && setBroken((b) => [...b, src]),
  };
}

function canPlay(mime: string) {
  return typeof document !== 'undefined' && document.createElement('video').canPlayType(mime) !== '';
}

function NoPlayback({
  item,
  loading,
  bare,
  message,
}: {
  item: AssetCard;
  loading: boolean;
  bare?: boolean;
  /** Said instead of "needs download permission". */
  message?: string;
}) {
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
      {loading ? <Loader color="gray.3" size="sm" /> : <Text size="sm">{message ?? t('viewer.noPlayback')}</Text>}
    </Stack>
  );
}
