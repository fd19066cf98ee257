import { MENTION_PATTERN } from '@brandvault/contract';
import type { Annotation, CommentThread } from '@brandvault/contract';

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; name: string; id: number }
  | { kind: 'link'; href: string; text: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Closing punctuation after a link usually ends the sentence, not the address.
const TRAILING = /[.,;:!?)\]}'"]+$/;

function isUrl(href: string) {
  try {
    return ['http:', 'https:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

function links(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const start = m.index;
    const raw = m[0];
    const href = raw.replace(TRAILING, '');
    if (!href || !isUrl(href)) continue;
    if (start > at) out.push({ kind: 'text', text: text.slice(at, start) });
    out.push({ kind: 'link', href, text: href });
    at = start + href.length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/**
 * A comment's text as plain text, mentions (`@[Name](id)`) and http(s) links. Rendered as React
 * text and elements only: whatever markup a comment holds shows literally.
 */
export function parseBody(body: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of body.matchAll(new RegExp(MENTION_PATTERN.source, 'g'))) {
    if (m.index > at) out.push(...links(body.slice(at, m.index)));
    out.push({ kind: 'mention', name: m[1] ?? '', id: Number(m[2]) });
    at = m.index + m[0].length;
  }
  if (at < body.length) out.push(...links(body.slice(at)));
  return out;
}

/** The markup a mention is sent as; brackets and line breaks in a name would break the pattern. */
export const mentionMarkup = (name: string, id: number) =>
  `@[${
    name
      .replace(/[[\]\n]/g, ' ')
      .trim()
      .slice(0, 100) || id
  }](${id})`;

/** The '@word' being typed just before the caret, if any: where it starts and what it says so far. */
export function mentionQuery(text: string, caret: number): { start: number; q: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(before);
  const q = m?.[2];
  if (q === undefined) return null;
  return { start: caret - q.length - 1, q };
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10000) / 10000;

export interface Box {
  /** The centre of the picture on screen (client pixels). */
  cx: number;
  cy: number;
  /** The picture's laid-out size before zoom and rotation. */
  w: number;
  h: number;
}

/**
 * A screen point as fractions (0–1) of the upright picture: undo the pan (via the centre), the
 * zoom, then the rotation (quarter turns clockwise, as CSS rotate() turns with y downwards).
 */
export function toImagePoint(clientX: number, clientY: number, box: Box, turns: number, scale: number) {
  const sx = (clientX - box.cx) / scale;
  const sy = (clientY - box.cy) / scale;
  const q = ((turns % 4) + 4) % 4;
  const [lx, ly] = q === 0 ? [sx, sy] : q === 1 ? [sy, -sx] : q === 2 ? [-sx, -sy] : [-sy, sx];
  return { x: round(clamp(lx / box.w + 0.5)), y: round(clamp(ly / box.h + 0.5)) };
}

/** The rectangle two picture points span. */
export function spanRect(a: { x: number; y: number }, b: { x: number; y: number }) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: round(Math.min(1 - x, Math.abs(a.x - b.x))), h: round(Math.min(1 - y, Math.abs(a.y - b.y))) };
}

/** Where an annotation sits on the picture, if it has a place there (time codes without a frame area do not). */
export function placeOf(a: Annotation): { x: number; y: number; w?: number; h?: number; page?: number } | null {
  if (a.kind === 'point') return { x: a.x, y: a.y, page: a.page };
  if (a.kind === 'rect') return { x: a.x, y: a.y, w: a.w, h: a.h, page: a.page };
  return a.rect ? { ...a.rect } : null;
}

export interface Marker {
  /** The comment the annotation belongs to. */
  commentId: number;
  /** The thread it belongs to (its own id for a thread's first comment). */
  threadId: number;
  /** "2", or "2.1" for a thread's first reply. */
  label: string;
  annotation: Annotation;
  version: number;
  resolved: boolean;
}

/** Every annotation of the threads, numbered by thread order. */
export function markersOf(threads: CommentThread[]): Marker[] {
  const out: Marker[] = [];
  threads.forEach((th, i) => {
    const resolved = th.resolved_at !== null;
    if (th.annotation)
      out.push({
        commentId: th.id,
        threadId: th.id,
        label: `${i + 1}`,
        annotation: th.annotation,
        version: th.version,
        resolved,
      });
    th.replies.forEach((r, j) => {
      if (r.annotation)
        out.push({
          commentId: r.id,
          threadId: th.id,
          label: `${i + 1}.${j + 1}`,
          annotation: r.annotation,
          version: r.version,
          resolved,
        });
    });
  });
  return out;
}

/** A time code as m:ss (h:mm:ss past an hour). */
export function timeCode(t: number) {
  const total = Math.floor(t);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
