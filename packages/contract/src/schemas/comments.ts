import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { Id, IdNumber, QueryInt, Timestamp, multiline, paginated, text } from './common.js';
export { COMMENT_MENTIONS_MAX } from '../core/limits.js';

/** The longest comment, in characters. */
export const COMMENT_MAX = 5000;
/** The most people one comment may name in "users to notify" (spec §3). */
export const COMMENT_NOTIFY_MAX = 50;
/** How many people one mention search answers. */
export const MENTIONABLE_LIMIT = 20;
/** The longest media a time code may point into (a little over 27 hours), in seconds. */
export const TIME_CODE_MAX = 100_000;

/**
 * A mention inside a comment's text: `@[Shown name](user id)`. The text is stored as written and
 * rendered as text; clients turn these into highlighted names, never into markup.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,100})\]\((\d{1,10})\)/g;
/** The ids a text mentions, in order of first appearance. */
export const mentionIds = (body: string): number[] => [
  ...new Set([...body.matchAll(MENTION_PATTERN)].map((m) => Number(m[2]))),
];

const Unit = z.number().min(0).max(1);
/** A PDF page (1-based); absent for images. */
const Page = z.number().int().min(1).max(100_000).optional();
const Rect = z.strictObject({ x: Unit, y: Unit, w: Unit, h: Unit });
const inside = (r: { x: number; y: number; w: number; h: number }) => r.x + r.w <= 1.000001 && r.y + r.h <= 1.000001;

/**
 * Where a comment points (§2 Annotations). Coordinates are fractions (0–1) of the upright image of
 * the comment's version, so they hold at any zoom, rotation or screen size; video and audio
 * comments point at a time code (seconds), video optionally at a rectangle of that frame.
 */
export const Annotation = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('point'), x: Unit, y: Unit, page: Page }),
  z
    .strictObject({ kind: z.literal('rect'), x: Unit, y: Unit, w: Unit, h: Unit, page: Page })
    .refine(inside, { path: ['w'], params: { key: 'invalid' } }),
  z
    .strictObject({ kind: z.literal('time'), t: z.number().min(0).max(TIME_CODE_MAX), rect: Rect.optional() })
    .refine((a) => !a.rect || inside(a.rect), { path: ['rect'], params: { key: 'invalid' } }),
]);
export type Annotation = z.infer<typeof Annotation>;

const Body = multiline().trim().min(1).max(COMMENT_MAX);

export const CommentAddBody = z.strictObject({
  body: Body,
  /** Reply to this comment (one level: a reply to a reply answers its thread). */
  parent_id: IdNumber.optional(),
  annotation: Annotation.optional(),
  /** The asset version the comment is about; the current one when absent. */
  version: z.number().int().min(1).max(100_000).optional(),
  /** Spec §3 "users to notify", besides the mentioned. */
  notify_user_ids: z.array(IdNumber).max(COMMENT_NOTIFY_MAX).default([]),
});
export type CommentAddBody = z.input<typeof CommentAddBody>;
export const CommentEditBody = z.strictObject({ body: Body });

export const CommentParams = z.object({ id: Id, comment: Id });
export const CommentListQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(50),
});
export const MentionableQuery = z.object({ q: text().max(100).optional() });

const Person = z.object({ id: z.number().int(), name: z.string() });
export const CommentAbilities = z.object({
  edit: z.boolean(),
  remove: z.boolean(),
  resolve: z.boolean(),
  reply: z.boolean(),
});

export const Comment = z.object({
  id: z.number().int(),
  asset_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** The asset version it was written about. */
  version: z.number().int(),
  author: Person.nullable(),
  body: z.string(),
  mentions: z.array(Person),
  notify_users: z.array(Person),
  annotation: Annotation.nullable(),
  resolved_at: Timestamp.nullable(),
  resolved_by: Person.nullable(),
  created_at: Timestamp,
  edited_at: Timestamp.nullable(),
  abilities: CommentAbilities,
});
export type Comment = z.infer<typeof Comment>;
/** A thread: a comment and its replies, oldest first. */
export const CommentThread = Comment.extend({ replies: z.array(Comment) });
export type CommentThread = z.infer<typeof CommentThread>;
export const CommentList = paginated(CommentThread).extend({
  /** Threads still open: a review is done when this is 0. */
  open_threads: z.number().int(),
  /** Whether the caller may comment on this asset. */
  can_comment: z.boolean(),
});
export type CommentList = z.infer<typeof CommentList>;
export const CommentResponse = z.object({ comment: Comment });
export const CommentDeleted = z.object({ deleted: z.literal(true) });

/**
 * People a comment may mention: a name and an avatar (a signed picture address, or null), never an
 * e-mail address, which the one writing the comment may have no right to see.
 */
export const Mentionable = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), photo_thumb_uri: z.string().nullable() })),
});
export type Mentionable = z.infer<typeof Mentionable>;
