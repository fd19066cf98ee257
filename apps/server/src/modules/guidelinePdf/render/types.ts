import type { GuidelineBlock } from '@brandvault/contract';
import type { GuidelinePdfLang } from './labels.js';

/** An asset a page shows, as the PDF's reader may see it (unavailable: a placeholder line). */
export interface GuidelinePdfAsset {
  available: boolean;
  name: string | null;
  /** JPEG/PNG/WebP bytes of its preview, or null (no picture). */
  preview: () => Promise<Buffer | null>;
}

export interface GuidelinePdfPage {
  /** Its chapters' titles, top first, without its own. */
  path: string[];
  title: string;
  blocks: GuidelineBlock[];
  assets: Map<number, GuidelinePdfAsset>;
}

export interface GuidelinePdfInput {
  brand: string;
  lang: GuidelinePdfLang;
  createdAt: Date;
  pages: GuidelinePdfPage[];
}
