import { z } from 'zod';
import { Id, IdNumber, Timestamp, text } from './common.js';
import { LicenceTerms } from './availability.js';
import { CropPreset } from './cropPresets.js';
import { GuidelineBlocks } from './guidelineBlocks.js';
import { SEARCH_QUERY_MAX } from './search.js';

/**
 * Brand guidelines (issue 45): a brand's pages in a tree of chapters and pages, each with a title,
 * a cover asset and content blocks, in a main language and optionally a Spanish version. Editors
 * (guidelines.manage) change a draft; publishing makes a numbered version that readers see.
 */
export const GUIDELINE_KINDS = ['chapter', 'page'] as const;
export const GUIDELINE_TITLE_MAX = 120;
const Title = text()
  .trim()
  .min(1)
  .max(GUIDELINE_TITLE_MAX)
  .refine((v) => !/<[a-z!/?]/i.test(v), { params: { key: 'html' } });

export const GuidelineContent = z.strictObject({ title: Title, blocks: GuidelineBlocks });
export type GuidelineContent = z.infer<typeof GuidelineContent>;

export const GuidelineCreateBody = z.strictObject({
  kind: z.enum(GUIDELINE_KINDS),
  title: Title,
  /** The chapter it goes in (at the end); null: the top level. */
  chapter_id: IdNumber.nullable().default(null),
});
export type GuidelineCreateBody = z.input<typeof GuidelineCreateBody>;

/** The whole draft: what the editor shows is what it saves. */
export const GuidelineUpdateBody = z.strictObject({
  title: Title,
  cover_asset_id: IdNumber.nullable().default(null),
  blocks: GuidelineBlocks,
  /** The Spanish version, shown to readers who use the product in Spanish; null: none. */
  es: GuidelineContent.nullable().default(null),
});
export type GuidelineUpdateBody = z.input<typeof GuidelineUpdateBody>;

export const GuidelineMoveBody = z.strictObject({
  chapter_id: IdNumber.nullable(),
  /** Its place among the chapter's children, from 0; past the end: last. */
  position: z.number().int().min(0).max(10_000),
});
export type GuidelineMoveBody = z.input<typeof GuidelineMoveBody>;

export const GuidelineRevertBody = z.strictObject({ version: z.number().int().min(1).max(1_000_000) });
export const GuidelineVersionParams = z.object({ id: Id, number: Id });

export const GuidelineAbilities = z.object({ manage: z.boolean() });

export const GuidelineNode = z.object({
  id: IdNumber,
  brand_id: IdNumber,
  parent_id: IdNumber.nullable(),
  kind: z.enum(GUIDELINE_KINDS),
  position: z.number().int(),
  /** The title readers see (the published one), or the draft's for a page never published. */
  title: z.string(),
  title_es: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  /** The draft differs from the published version (editors only; false for readers). */
  unpublished_changes: z.boolean(),
  published_version: z.number().int().nullable(),
  updated_at: Timestamp,
});
export type GuidelineNode = z.infer<typeof GuidelineNode>;

export const GuidelineTree = z.object({ items: z.array(GuidelineNode), abilities: GuidelineAbilities });
export type GuidelineTree = z.infer<typeof GuidelineTree>;

/**
 * An asset a page shows. Readers get `available: false` and nothing else for one they cannot see
 * (PRIVATE, expired, removed, another brand's); editors also get its name and `warning`.
 */
export const GuidelineAsset = z.object({
  id: IdNumber,
  available: z.boolean(),
  name: z.string().nullable(),
  ext: z.string().nullable(),
  mime: z.string().nullable(),
  type: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnail_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  warning: z.enum(['private', 'expired', 'removed', 'hidden']).nullable(),
  /**
   * What a reader's placeholder says (null: the asset is shown): `withdrawn` for an asset of the
   * brand that was removed or has expired, `unavailable` for one this reader may not see.
   */
  placeholder: z.enum(['withdrawn', 'unavailable']).nullable(),
  /**
   * How this reader takes a copy, answered with the page so a block asks nothing per asset: null
   * without the download right or when the asset is unavailable. `url` is a signed link to the
   * original (null until its licence terms are confirmed on the asset, or when blocked);
   * `convert` says the image can be converted to other formats and cropped to the brand's presets;
   * `crop_url` is where a public link's holder fetches those (the crop query appended), null for a
   * signed-in reader, who uses the crop route with their session. `terms` are the licences the
   * asset is used under: a public link's holder gets `confirm` with both addresses, and accepts
   * them before any copy (the address with `ack=1`), as through a share link.
   */
  download: z
    .object({
      state: z.enum(['ready', 'confirm', 'blocked']),
      url: z.string().nullable(),
      convert: z.boolean(),
      crop_url: z.string().nullable(),
      terms: z.array(LicenceTerms),
    })
    .nullable(),
});
export type GuidelineAsset = z.infer<typeof GuidelineAsset>;

export const GuidelinePage = GuidelineNode.extend({
  /** 'draft' for editors (what they change), 'published' for readers. */
  view: z.enum(['draft', 'published']),
  cover_asset_id: IdNumber.nullable(),
  content: GuidelineContent,
  es: GuidelineContent.nullable(),
  assets: z.array(GuidelineAsset),
  /** The brand's crop presets, which asset blocks offering `presets` show as downloads. */
  crop_presets: z.array(CropPreset),
  abilities: GuidelineAbilities,
});
export type GuidelinePage = z.infer<typeof GuidelinePage>;

export const GuidelineVersionItem = z.object({
  number: z.number().int(),
  title: z.string(),
  published_at: Timestamp,
  published_by: z.object({ id: IdNumber, name: z.string() }).nullable(),
});
export const GuidelineVersionList = z.object({ items: z.array(GuidelineVersionItem) });

/** A version beside the current draft: which blocks the draft added, removed or changed since. */
export const GuidelineVersion = GuidelineVersionItem.extend({
  cover_asset_id: IdNumber.nullable(),
  content: GuidelineContent,
  es: GuidelineContent.nullable(),
  changes: z.object({
    title: z.boolean(),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.string()),
    reordered: z.boolean(),
  }),
});
export type GuidelineVersion = z.infer<typeof GuidelineVersion>;

/** Where an asset is shown in published guidelines: each page with its chapters' titles, top first. */
export const GuidelineUses = z.object({
  items: z.array(z.object({ page_id: IdNumber, path: z.array(z.string()), path_es: z.array(z.string()) })),
});
export type GuidelineUses = z.infer<typeof GuidelineUses>;

export const GuidelineDeleted = z.object({ deleted: z.literal(true) });

/** Guideline pages found by their text (issue 45): the words looked for, as long as the asset searcher's. */
export const GUIDELINE_SEARCH_LIMIT = 5;
export const GuidelineSearchQuery = z.object({ q: text().trim().min(1).max(SEARCH_QUERY_MAX) });
export type GuidelineSearchQuery = z.input<typeof GuidelineSearchQuery>;

/**
 * Up to five published pages whose title or block text holds the words, as the caller may read
 * them: each with its chapters' titles (top first, the page last) and a short excerpt around the
 * first match, from the Spanish version when only that one matched.
 */
export const GuidelineSearchHit = z.object({
  page_id: IdNumber,
  path: z.array(z.string()),
  path_es: z.array(z.string()),
  snippet: z.string(),
});
export const GuidelineSearchResult = z.object({ items: z.array(GuidelineSearchHit) });
export type GuidelineSearchResult = z.infer<typeof GuidelineSearchResult>;
