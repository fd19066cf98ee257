import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { Annotation } from '@brandvault/contract';

export type Tool = 'point' | 'rect';
/** What the stage can take annotations on: a picture (image, PDF first page), a video, a sound, or nothing. */
export type ReviewMode = 'picture' | 'video' | 'audio' | 'none';

export interface ReviewValue {
  assetId: number;
  mode: ReviewMode;
  /** The PDF page shown (1), absent for images. */
  page?: number;
  /** The asset's current version: annotations of others are drawn dimmed. */
  currentVersion: number | null;
  /** Annotations may be drawn here (the viewer), not only shown (the asset page). */
  drawable: boolean;
  /** The drawing tool in use, if any. */
  tool: Tool | null;
  setTool: (tool: Tool | null) => void;
  /** The annotation attached to the comment being written. */
  draft: Annotation | null;
  setDraft: (a: Annotation | null) => void;
  /** The comment (or marker) under the pointer. */
  hovered: number | null;
  setHovered: (id: number | null) => void;
  /** The comment picked by a marker or the address (?comment=). */
  active: number | null;
  /** Pick a comment: open the comments, highlight it and bring it into view. */
  select: (id: number | null) => void;
  hidden: boolean;
  setHidden: (hidden: boolean) => void;
  /** The picture, video or audio element, for placing markers and reading or setting the time. */
  target: RefObject<HTMLImageElement | HTMLVideoElement | null>;
  media: RefObject<HTMLMediaElement | null>;
  seek: (t: number) => void;
}

const ReviewContext = createContext<ReviewValue | null>(null);

/** The review state of the asset on screen, when a comments panel and a picture share it. */
export const useReview = () => useContext(ReviewContext);

interface ProviderProps {
  assetId: number;
  mode: ReviewMode;
  page?: number;
  currentVersion: number | null;
  initialActive?: number | null;
  drawable?: boolean;
  /** Called when a marker is picked, e.g. to open the comments panel. */
  onSelect?: () => void;
  children: ReactNode;
}

export function ReviewProvider({
  assetId,
  mode,
  page,
  currentVersion,
  initialActive,
  drawable = true,
  onSelect,
  children,
}: ProviderProps) {
  const [tool, setTool] = useState<Tool | null>(null);
  const [draft, setDraft] = useState<Annotation | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [active, setActive] = useState<number | null>(initialActive ?? null);
  const [hidden, setHidden] = useState(false);
  const target = useRef<HTMLImageElement | HTMLVideoElement | null>(null);
  const media = useRef<HTMLMediaElement | null>(null);
  const selected = useRef(onSelect);
  selected.current = onSelect;

  const select = useCallback((id: number | null) => {
    setActive(id);
    if (id !== null) selected.current?.();
  }, []);
  const seek = useCallback((t: number) => {
    const m = media.current;
    if (!m) return;
    m.currentTime = t;
    m.pause();
  }, []);

  const value = useMemo<ReviewValue>(
    () => ({
      assetId,
      mode,
      page,
      currentVersion,
      drawable,
      tool,
      setTool,
      draft,
      setDraft,
      hovered,
      setHovered,
      active,
      select,
      hidden,
      setHidden,
      target,
      media,
      seek,
    }),
    [assetId, mode, page, currentVersion, drawable, tool, draft, hovered, active, select, hidden, seek],
  );
  return <ReviewContext.Provider value={value}>{children}</ReviewContext.Provider>;
}
