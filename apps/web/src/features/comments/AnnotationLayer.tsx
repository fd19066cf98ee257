import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useComments } from './api';
import { markersOf, placeOf, spanRect, toImagePoint } from './markup';
import type { Marker } from './markup';
import { useReview } from './review';
import classes from './Comments.module.css';

interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the picture actually is inside its element: the laid-out box (before any transform),
 * narrowed to the contained image when the element is bigger than it (object-fit: contain).
 */
function measure(el: HTMLImageElement | HTMLVideoElement): Frame {
  const w = el.offsetWidth;
  const h = el.offsetHeight;
  const nw = el instanceof HTMLImageElement ? el.naturalWidth : el.videoWidth;
  const nh = el instanceof HTMLImageElement ? el.naturalHeight : el.videoHeight;
  let cw = w;
  let ch = h;
  if (nw > 0 && nh > 0 && w > 0 && h > 0) {
    const s = Math.min(w / nw, h / nh);
    cw = nw * s;
    ch = nh * s;
  }
  return { left: el.offsetLeft + (w - cw) / 2, top: el.offsetTop + (h - ch) / 2, width: cw, height: ch };
}

function useFrame(watch: unknown) {
  const review = useReview();
  const target = review?.target;
  const [frame, setFrame] = useState<Frame | null>(null);
  useLayoutEffect(() => {
    const el = target?.current;
    if (!el) return setFrame(null);
    const update = () =>
      setFrame((f) => {
        const n = measure(el);
        return f && f.left === n.left && f.top === n.top && f.width === n.width && f.height === n.height ? f : n;
      });
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    if (el.parentElement) ro.observe(el.parentElement);
    el.addEventListener('load', update);
    el.addEventListener('loadedmetadata', update);
    return () => {
      ro.disconnect();
      el.removeEventListener('load', update);
      el.removeEventListener('loadedmetadata', update);
    };
  }, [target, watch]);
  return frame;
}

/** The player's time, a few times a second, to show a video's frame areas near their time code. */
function usePlayerTime(enabled: boolean) {
  const review = useReview();
  const media = review?.media;
  const [time, setTime] = useState(0);
  useEffect(() => {
    const m = media?.current;
    if (!enabled || !m) return;
    const update = () => setTime(m.currentTime);
    update();
    m.addEventListener('timeupdate', update);
    m.addEventListener('seeked', update);
    return () => {
      m.removeEventListener('timeupdate', update);
      m.removeEventListener('seeked', update);
    };
  }, [media, enabled]);
  return time;
}

interface LayerProps {
  /** Anything whose change moves or replaces the picture (its address, the asset). */
  watch: unknown;
  /** The picture's zoom and quarter turns, copied so markers follow it. */
  scale?: number;
  turns?: number;
  offset?: { x: number; y: number };
}

/** Numbered markers over the picture (or video), and the drawing surface of the point and rectangle tools. */
export function AnnotationLayer({ watch, scale = 1, turns = 0, offset = { x: 0, y: 0 } }: LayerProps) {
  const { t } = useTranslation();
  const review = useReview();
  const frame = useFrame(watch);
  const list = useComments(review?.assetId ?? 0, !!review);
  const layer = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ id: number; a: { x: number; y: number }; b: { x: number; y: number } } | null>(
    null,
  );
  const video = review?.mode === 'video';
  const time = usePlayerTime(video);
  if (!review || !frame || review.mode === 'audio' || review.mode === 'none') return null;
  const { tool, draft, hovered, active, hidden, currentVersion } = review;

  const style: CSSProperties = {
    left: frame.left,
    top: frame.top,
    width: frame.width,
    height: frame.height,
    transform: `translate(${offset.x}px, ${offset.y}px) rotate(${turns * 90}deg) scale(${scale})`,
  };
  // Labels stay upright and the same size whatever the zoom and rotation.
  const upright: CSSProperties = { transform: `rotate(${-turns * 90}deg) scale(${1 / scale})` };

  const pointAt = (e: ReactPointerEvent) => {
    const el = layer.current!;
    const r = el.getBoundingClientRect();
    const box = { cx: r.left + r.width / 2, cy: r.top + r.height / 2, w: el.offsetWidth || 1, h: el.offsetHeight || 1 };
    return toImagePoint(e.clientX, e.clientY, box, turns, scale);
  };
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!tool || e.button !== 0) return;
    // Drawing, not panning.
    e.stopPropagation();
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = pointAt(e);
    if (tool === 'point' && !video) {
      review.setDraft({ kind: 'point', ...p, ...(review.page ? { page: review.page } : {}) });
      review.setTool(null);
      return;
    }
    setDrag({ id: e.pointerId, a: p, b: p });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag || drag.id !== e.pointerId) return;
    e.stopPropagation();
    setDrag({ ...drag, b: pointAt(e) });
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag || drag.id !== e.pointerId) return;
    e.stopPropagation();
    const rect = spanRect(drag.a, pointAt(e));
    setDrag(null);
    // A click with the rectangle tool is not a rectangle: keep the tool for a real drag.
    if (rect.w < 0.005 || rect.h < 0.005) return;
    if (video) {
      const at = review.draft?.kind === 'time' ? review.draft.t : (review.media.current?.currentTime ?? 0);
      review.setDraft({ kind: 'time', t: Math.round(at * 100) / 100, rect });
    } else review.setDraft({ kind: 'rect', ...rect, ...(review.page ? { page: review.page } : {}) });
    review.setTool(null);
  };

  const visible = (m: Marker) => {
    const place = placeOf(m.annotation);
    if (!place) return false;
    if (review.mode === 'picture' && (place.page ?? 1) !== (review.page ?? 1)) return false;
    // A video's frame area shows around its time, or while its comment is pointed at.
    if (m.annotation.kind === 'time')
      return Math.abs(time - m.annotation.t) < 1.5 || hovered === m.threadId || active === m.commentId;
    return true;
  };
  const markers = hidden ? [] : markersOf(list.data?.items ?? []).filter(visible);
  const draftPlace = draft ? placeOf(draft) : null;
  const dragRect = drag ? spanRect(drag.a, drag.b) : null;

  return (
    <div
      ref={layer}
      className={classes.layer}
      style={style}
      data-tool={tool ?? undefined}
      data-testid="annotation-layer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      {markers.map((m) => {
        const place = placeOf(m.annotation)!;
        const lit = hovered === m.threadId || hovered === m.commentId || active === m.commentId;
        const old = currentVersion !== null && m.version !== currentVersion;
        const name = t('comments.marker', { label: m.label });
        return (
          <div
            key={m.commentId}
            className={place.w !== undefined ? classes.markerRect : classes.markerPoint}
            data-highlighted={lit || undefined}
            data-old={old || undefined}
            data-resolved={m.resolved || undefined}
            style={{
              left: `${place.x * 100}%`,
              top: `${place.y * 100}%`,
              ...(place.w !== undefined ? { width: `${place.w * 100}%`, height: `${(place.h ?? 0) * 100}%` } : {}),
            }}
          >
            <button
              type="button"
              className={`${classes.marker} ${lit ? classes.highlighted : ''}`}
              style={upright}
              aria-label={old ? `${name} (${t('comments.versionShort', { number: m.version })})` : name}
              aria-current={lit || undefined}
              onPointerDown={(e) => e.stopPropagation()}
              onMouseEnter={() => review.setHovered(m.threadId)}
              onMouseLeave={() => review.setHovered(null)}
              onFocus={() => review.setHovered(m.threadId)}
              onBlur={() => review.setHovered(null)}
              onClick={() => review.select(m.commentId)}
            >
              {m.label}
              {old && (
                <span className={classes.markerVersion}>{t('comments.versionShort', { number: m.version })}</span>
              )}
            </button>
          </div>
        );
      })}
      {draftPlace && (
        <div
          className={draftPlace.w !== undefined ? classes.markerRect : classes.markerPoint}
          data-draft
          style={{
            left: `${draftPlace.x * 100}%`,
            top: `${draftPlace.y * 100}%`,
            ...(draftPlace.w !== undefined
              ? { width: `${draftPlace.w * 100}%`, height: `${(draftPlace.h ?? 0) * 100}%` }
              : {}),
          }}
        >
          <span
            className={`${classes.marker} ${classes.draftMarker}`}
            style={upright}
            aria-label={t('comments.draftMarker')}
            role="img"
          >
            +
          </span>
        </div>
      )}
      {dragRect && (
        <div
          className={classes.markerRect}
          data-draft
          style={{
            left: `${dragRect.x * 100}%`,
            top: `${dragRect.y * 100}%`,
            width: `${dragRect.w * 100}%`,
            height: `${dragRect.h * 100}%`,
          }}
        />
      )}
    </div>
  );
}
