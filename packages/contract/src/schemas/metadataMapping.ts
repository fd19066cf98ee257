import { z } from 'zod';
import { Id } from './common.js';
import type { FieldType } from './metadata.js';

/**
 * Which of a brand's fields each embedded source (IPTC, XMP, EXIF) fills at ingest (issue 39
 * §4). Keywords always reach the asset's own keywords too, from every source at once.
 */
export const EMBED_SOURCES = [
  'keywords',
  'hierarchical_subject',
  'creator',
  'copyright',
  'credit',
  'headline',
  'caption',
  'city',
  'country',
  'date_created',
] as const;
export type EmbedSource = (typeof EMBED_SOURCES)[number];

const TEXT: readonly FieldType[] = ['text', 'long_text'];
/** The field types each source may fill. */
export const EMBED_SOURCE_TYPES: Record<EmbedSource, readonly FieldType[]> = {
  keywords: ['multi_select', ...TEXT],
  hierarchical_subject: ['tree'],
  creator: TEXT,
  copyright: TEXT,
  credit: TEXT,
  headline: TEXT,
  caption: TEXT,
  city: TEXT,
  country: TEXT,
  date_created: ['date'],
};

export const EmbedMappingItem = z.object({ source: z.enum(EMBED_SOURCES), field_id: z.number().int().nullable() });
export type EmbedMappingItem = z.infer<typeof EmbedMappingItem>;

/** Every source once, in EMBED_SOURCES order; `field_id` null where nothing is filled. */
export const EmbedMapping = z.object({
  brand_id: z.number().int(),
  items: z.array(EmbedMappingItem),
  abilities: z.object({ manage: z.boolean() }),
});
export type EmbedMapping = z.infer<typeof EmbedMapping>;

/** The whole mapping: a source left out fills nothing. */
export const EmbedMappingBody = z.strictObject({
  items: z
    .array(z.strictObject({ source: z.enum(EMBED_SOURCES), field_id: Id.nullable() }))
    .max(EMBED_SOURCES.length)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const [i, it] of items.entries()) {
        if (seen.has(it.source))
          ctx.addIssue({ code: 'custom', path: [i, 'source'], params: { key: 'embedSourceTwice' }, input: it.source });
        seen.add(it.source);
      }
    }),
});
export type EmbedMappingBody = z.input<typeof EmbedMappingBody>;
