import { z } from 'zod';

/**
 * Text inside files (issue 42 §1). `none`: no text is read from files of this kind (audio, a video
 * without a poster, archives…); `pending`: not read yet.
 */
export const TEXT_STATES = ['none', 'pending', 'done', 'skipped', 'failed'] as const;
/** Where the text came from: OCR of the image, of a video's poster frame, a PDF, an Office file. */
export const TEXT_SOURCES = ['ocr', 'poster', 'pdf', 'office'] as const;

/** A line read by OCR: its box's four corners (clockwise from top-left) in the page's pixels. */
export const TextLineItem = z.object({
  text: z.string(),
  confidence: z.number(),
  box: z.array(z.tuple([z.number(), z.number()])),
});

/**
 * One page of text (an image or poster is one page; a PDF page, a slide, a sheet). `width` and
 * `height`: the pixels the boxes of `lines` are in (null when the text came without boxes).
 */
export const TextPage = z.object({
  page: z.number().int(),
  text: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  lines: z.array(TextLineItem),
});

export const AssetText = z.object({
  state: z.enum(TEXT_STATES),
  reason: z.string().nullable(),
  source: z.enum(TEXT_SOURCES).nullable(),
  text: z.string(),
  pages: z.array(TextPage),
});
export const AssetTextResponse = z.object({ text: AssetText });

export type AssetText = z.infer<typeof AssetText>;
export type TextPage = z.infer<typeof TextPage>;
export type TextLineItem = z.infer<typeof TextLineItem>;
export type TextSource = (typeof TEXT_SOURCES)[number];
