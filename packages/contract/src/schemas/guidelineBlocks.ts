import { z } from 'zod';
import { IdNumber, multiline, text } from './common.js';

/**
 * The content blocks of a brand guidelines page (issue 45), one zod union keyed by `type`: an
 * unknown type is refused. Rich text is structured nodes, never HTML, so no reader renders markup
 * a brand typed; colours carry HEX (required) and their print values (optional).
 */
export const GUIDELINE_BLOCK_TYPES = [
  'text',
  'image',
  'video',
  'assets',
  'palette',
  'typography',
  'dodont',
  'callout',
  'divider',
  'pdf',
] as const;
export type GuidelineBlockType = (typeof GUIDELINE_BLOCK_TYPES)[number];
export const GUIDELINE_BLOCKS_MAX = 200;
export const GUIDELINE_TEXT_MAX = 4000;

/** A `<` that opens a tag, a comment or a processing instruction: markup, which text never holds. */
const MARKUP = /<[a-z!/?]/i;
const plain = (max: number) =>
  multiline()
    .max(max)
    .refine((v) => !MARKUP.test(v), { params: { key: 'html' } });
const short = (max: number) =>
  text()
    .trim()
    .max(max)
    .refine((v) => !MARKUP.test(v), { params: { key: 'html' } });

/** Links go to web pages or mail only: `javascript:` and `data:` addresses are refused. */
const Href = text()
  .max(2000)
  .refine((v) => /^(https?:\/\/[^\s/]+[^\s]*|mailto:[^\s@]+@[^\s@]+)$/i.test(v), { params: { key: 'linkUrl' } });

export const RichSpan = z.strictObject({
  text: plain(GUIDELINE_TEXT_MAX).min(1),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  href: Href.optional(),
});
const Spans = z.array(RichSpan).min(1).max(100);
export const RichNode = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('paragraph'), spans: Spans }),
  z.strictObject({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), spans: Spans }),
  z.strictObject({ type: z.literal('list'), ordered: z.boolean(), items: z.array(Spans).min(1).max(100) }),
]);
export type RichNode = z.infer<typeof RichNode>;

export const HEX = /^#[0-9A-Fa-f]{6}$/;
const Channel = (max: number) => z.number().int().min(0).max(max);
export const GuidelineColour = z.strictObject({
  name: short(60).min(1),
  hex: z.string().refine((v) => HEX.test(v), { params: { key: 'hexColour' } }),
  rgb: z.tuple([Channel(255), Channel(255), Channel(255)]).nullish(),
  cmyk: z.tuple([Channel(100), Channel(100), Channel(100), Channel(100)]).nullish(),
  pantone: short(40).nullish(),
});
export type GuidelineColour = z.infer<typeof GuidelineColour>;

/** What an asset block offers: the original, converted formats, and the brand's crop presets. */
export const GUIDELINE_DOWNLOADS = ['original', 'png', 'jpeg', 'webp', 'presets'] as const;
export type GuidelineDownload = (typeof GUIDELINE_DOWNLOADS)[number];
const Caption = short(300).nullish();
const BlockId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const block = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ id: BlockId, type: z.literal(type), ...shape });

export const GuidelineBlock = z.discriminatedUnion('type', [
  block('text', { nodes: z.array(RichNode).min(1).max(200) }),
  block('image', { asset_id: IdNumber, caption: Caption }),
  block('video', { asset_id: IdNumber, caption: Caption }),
  block('assets', {
    asset_ids: z.array(IdNumber).min(1).max(24),
    downloads: z.array(z.enum(GUIDELINE_DOWNLOADS)).min(1).max(GUIDELINE_DOWNLOADS.length),
  }),
  block('palette', { title: short(120).nullish(), colours: z.array(GuidelineColour).min(1).max(48) }),
  block('typography', {
    font_name: short(80).min(1),
    weights: z
      .array(
        z
          .number()
          .int()
          .min(100)
          .max(900)
          .refine((w) => w % 100 === 0, { params: { key: 'invalid' } }),
      )
      .min(1)
      .max(9),
    sample: short(300).min(1),
    font_asset_id: IdNumber.nullish(),
  }),
  block('dodont', {
    pairs: z
      .array(
        z.strictObject({
          do: z.strictObject({ asset_id: IdNumber, caption: Caption }),
          dont: z.strictObject({ asset_id: IdNumber, caption: Caption }),
        }),
      )
      .min(1)
      .max(12),
  }),
  block('callout', { tone: z.enum(['info', 'warning', 'success']), text: plain(GUIDELINE_TEXT_MAX).trim().min(1) }),
  block('divider', {}),
  block('pdf', { asset_id: IdNumber, caption: Caption }),
]);
export type GuidelineBlock = z.infer<typeof GuidelineBlock>;

/** A page's blocks in order; block ids are unique within the page (the editor and compare key on them). */
export const GuidelineBlocks = z
  .array(GuidelineBlock)
  .max(GUIDELINE_BLOCKS_MAX)
  .superRefine((blocks, ctx) => {
    const seen = new Set<string>();
    blocks.forEach((b, i) => {
      if (seen.has(b.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], params: { key: 'duplicateItems' } });
      seen.add(b.id);
    });
  });

/** The assets a block shows, with the kind of file each must be (null: any file). */
export function blockAssets(b: GuidelineBlock): { id: number; kind: 'image' | 'video' | 'pdf' | null }[] {
  switch (b.type) {
    case 'image':
      return [{ id: b.asset_id, kind: 'image' }];
    case 'video':
      return [{ id: b.asset_id, kind: 'video' }];
    case 'pdf':
      return [{ id: b.asset_id, kind: 'pdf' }];
    case 'assets':
      return b.asset_ids.map((id) => ({ id, kind: null }));
    case 'typography':
      return b.font_asset_id ? [{ id: b.font_asset_id, kind: null }] : [];
    case 'dodont':
      return b.pairs.flatMap((p) => [
        { id: p.do.asset_id, kind: 'image' as const },
        { id: p.dont.asset_id, kind: 'image' as const },
      ]);
    default:
      return [];
  }
}

/** The words of a block that a search or an export reads (rich text, captions, names). */
export function blockText(b: GuidelineBlock): string {
  switch (b.type) {
    case 'text':
      return b.nodes
        .flatMap((n) => (n.type === 'list' ? n.items.flat() : n.spans))
        .map((s) => s.text)
        .join(' ');
    case 'palette':
      return [b.title ?? '', ...b.colours.map((c) => `${c.name} ${c.hex} ${c.pantone ?? ''}`)].join(' ');
    case 'typography':
      return `${b.font_name} ${b.sample}`;
    case 'callout':
      return b.text;
    case 'dodont':
      return b.pairs.map((p) => `${p.do.caption ?? ''} ${p.dont.caption ?? ''}`).join(' ');
    case 'image':
    case 'video':
    case 'pdf':
      return b.caption ?? '';
    default:
      return '';
  }
}
