import { useEffect, useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import type { AssetCard } from '@brandvault/contract';
import { useSearchParams } from 'react-router';
import { useAsset } from '../assets/api';
import { ReviewProvider, useReview } from '../comments/review';
import { CropDialog } from '../cropPresets/CropDialog';
import type { ReviewMode } from '../comments/review';
import { isPdf, pictureOf } from './media';
import { useViewerKeys } from './useViewerKeys';
import { ViewerFooter, ViewerSidePanel } from './ViewerInfo';
import type { KeyHint, SidePanel } from './ViewerInfo';
import { ViewerStage } from './ViewerStage';
import type { Offset } from './ViewerStage';
import { ViewerToolbar } from './ViewerToolbar';
import { ZOOM_DEFAULT, actualSizeTenths, zoomIn, zoomOut } from './zoom';
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
  /** The list's whole size when known (a search's total, capped at "10,000+"), for the position. */
  total?: { count: number; capped: boolean };
}

/** Full-screen, dark viewer over a list of assets: zoom, rotate, play, page with the arrow keys. */
export function AssetViewer({ items, index, onIndexChange, onClose, hasMore, onLoadMore, total }: AssetViewerProps) {
  const item = index !== null ? items[index] : undefined;
  // "3 / 5,297" or "3 / 10,000+" from the search's total, else what is loaded ("3 / 100+").
  const listed = total
    ? { count: Math.max(total.count, items.length), more: total.capped }
    : { count: items.length, more: !!hasMore };
  // While an annotation tool is in hand, Escape puts it down instead of closing the viewer.
  const [holdEscape, setHoldEscape] = useState(false);
  return (
    <Modal.Root
      opened={item !== undefined}
      onClose={onClose}
      closeOnEscape={!holdEscape}
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
            listed={listed}
            onIndexChange={onIndexChange}
            onClose={onClose}
            onLoadMore={onLoadMore}
            prevItem={index > 0 ? items[index - 1] : undefined}
            nextItem={items[index + 1]}
            onHoldEscape={setHoldEscape}
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
  listed: { count: number; more: boolean };
  prevItem?: AssetCard;
  nextItem?: AssetCard;
  onIndexChange: (i: number) => void;
  onClose: () => void;
  onLoadMore?: () => void;
  onHoldEscape: (hold: boolean) => void;
}

/** Tells the viewer whether Escape belongs to an annotation tool or to a dialog over the viewer. */
function EscapeHold({ onHold, dialog }: { onHold: (hold: boolean) => void; dialog: boolean }) {
  const drawing = (useReview()?.tool ?? null) !== null;
  useEffect(() => {
    onHold(drawing || dialog);
    return () => onHold(false);
  }, [drawing, dialog, onHold]);
  return null;
}

function ViewerFrame({
  item,
  index,
  count,
  hasMore,
  listed,
  prevItem,
  nextItem,
  onIndexChange,
  onClose,
  onLoadMore,
  onHoldEscape,
}: FrameProps) {
  // The view gives the signed link to the original (playback, PDF, download).
  const view = useAsset(item.id);
  // The client passes on an answer of another shape (and logs it): the viewer opens without it.
  const asset = view.data?.asset;
  const original = asset?.download_url ?? null;
  const [tenths, setTenths] = useState(ZOOM_DEFAULT);
  // The zoom was last set by "100 %" (the picture is at its actual pixels).
  const [actual, setActual] = useState(false);
  // The picture on the stage, measured for "100 %".
  const pictureRef = useRef<HTMLImageElement | null>(null);
  const [turns, setTurns] = useState(0);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [broken, setBroken] = useState(false);
  const [cropping, setCropping] = useState(false);
  // A notification's link (?comment=) opens the comments with that comment picked.
  const [params] = useSearchParams();
  const linked = Number(params.get('comment')) || null;
  const [panel, setPanel] = useState<SidePanel | null>(linked ? 'comments' : null);
  const togglePanel = (p: SidePanel) => setPanel((open) => (open === p ? null : p));

  const picture = broken ? null : pictureOf(item);
  const plays = item.type === 'video' || item.type === 'audio';
  // Zoom and rotation apply to what is shown as a picture: images and PDF first pages.
  const visual = !plays && picture !== null && item.derivatives !== 'pending';
  // "Fit" and "100 %" are for images; a PDF's first page has no pixels of its own to show.
  const sizable = visual && item.type === 'image';
  const mode: ReviewMode = plays ? (item.type as 'video' | 'audio') : visual ? 'picture' : 'none';
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

  const doZoomIn = () => (setActual(false), setTenths(zoomIn));
  const doZoomOut = () => {
    setActual(false);
    setTenths((z) => {
      const n = zoomOut(z);
      if (n <= ZOOM_DEFAULT) setOffset({ x: 0, y: 0 });
      return n;
    });
  };
  const resetZoom = () => (setActual(false), setTenths(ZOOM_DEFAULT), setOffset({ x: 0, y: 0 }));
  // Scaled from the fitted size so that the picture shows the original's pixels (its known width
  // and height, else the preview's own). A smaller preview is upscaled to that size: the original
  // itself is not fetched, as every fetch of it counts as a download.
  const actualTenths = () => {
    const img = pictureRef.current;
    if (!sizable || !img) return null;
    const known = item.width && item.height ? { width: item.width, height: item.height } : null;
    // The laid-out size before the zoom's transform; the computed style keeps the fractions that
    // clientWidth rounds away (a pixel too many over 2,400), jsdom has only the latter.
    const style = getComputedStyle(img);
    return actualSizeTenths(
      { width: parseFloat(style.width) || img.clientWidth, height: parseFloat(style.height) || img.clientHeight },
      known ?? { width: img.naturalWidth, height: img.naturalHeight },
    );
  };
  const actualSize = () => {
    const z = actualTenths();
    if (z === null) return;
    setActual(true);
    setTenths(z);
    setOffset({ x: 0, y: 0 });
  };
  // While at "100 %", a change of the fitted size (window, side panel, a quarter turn) rescales.
  const remeasure = useRef(actualTenths);
  remeasure.current = actualTenths;
  useEffect(() => {
    const img = pictureRef.current;
    if (!actual || !img) return;
    const observer = new ResizeObserver(() => {
      const z = remeasure.current();
      if (z !== null) setTenths(z);
    });
    observer.observe(img);
    return () => observer.disconnect();
  }, [actual]);
  const rotate = () => setTurns((n) => n + 1);
  // The player on the stage, found in this frame's own markup.
  const frameRef = useRef<HTMLDivElement>(null);
  const togglePlay = () => {
    const player = frameRef.current?.querySelector<HTMLMediaElement>('video, audio');
    if (!player) return;
    if (player.paused) void player.play().catch(() => undefined);
    else player.pause();
  };
  // The footer's keyboard hint names only the keys that do something for this file.
  const keys: KeyHint = sizable ? 'image' : visual ? 'page' : plays ? 'media' : 'file';

  useViewerKeys({
    prev,
    next,
    zoomIn: doZoomIn,
    zoomOut: doZoomOut,
    resetZoom,
    actualSize: sizable ? actualSize : undefined,
    rotate,
    togglePlay: plays ? togglePlay : undefined,
    visual,
    paused: cropping,
  });

  // Warm the browser cache with the neighbours' pictures.
  useEffect(() => {
    for (const n of [prevItem, nextItem]) {
      const url = n && n.type !== 'video' && n.type !== 'audio' ? pictureOf(n) : null;
      if (url) new Image().src = url;
    }
  }, [prevItem, nextItem]);

  return (
    <ReviewProvider
      assetId={item.id}
      mode={mode}
      page={isPdf(item) ? 1 : undefined}
      currentVersion={asset?.current_version ?? null}
      initialActive={linked}
      onSelect={() => setPanel('comments')}
    >
      <div className={classes.frame} ref={frameRef}>
        <EscapeHold onHold={onHoldEscape} dialog={cropping} />
        <ViewerToolbar
          item={item}
          index={index}
          count={listed.count}
          hasMore={listed.more}
          original={original}
          visual={visual}
          tenths={tenths}
          sizable={sizable}
          actual={actual}
          panel={panel}
          onZoomIn={doZoomIn}
          onZoomOut={doZoomOut}
          onResetZoom={resetZoom}
          onActualSize={actualSize}
          onRotate={rotate}
          onToggleInfo={() => togglePanel('info')}
          onToggleComments={() => togglePanel('comments')}
          onCrop={() => setCropping(true)}
          onClose={onClose}
        />
        <CropDialog asset={item} opened={cropping} onClose={() => setCropping(false)} />
        <div className={classes.body}>
          <ViewerStage
            item={item}
            original={original}
            loading={view.isPending}
            picture={picture}
            visual={visual}
            tenths={tenths}
            turns={turns}
            offset={offset}
            pictureRef={pictureRef}
            onPan={setOffset}
            onZoomIn={doZoomIn}
            onZoomOut={doZoomOut}
            onBroken={() => setBroken(true)}
            navigable={count > 1 || hasMore}
            hasPrev={hasPrev}
            hasNext={hasNext}
            onPrev={prev}
            onNext={next}
          />
          {panel && (
            <ViewerSidePanel item={item} tab={panel} onTab={setPanel} currentVersion={asset?.current_version ?? null} />
          )}
        </div>
        <ViewerFooter item={item} keys={keys} />
      </div>
    </ReviewProvider>
  );
}
