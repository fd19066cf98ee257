import { SYNC_RUN_TRIGGERS, WEBHOOK_EVENTS } from '@brandvault/contract';
import { z } from 'zod';

const Id = z.number().int().positive();
const Batch = (size: number) => z.object({ batch: z.number().int().positive().default(size) });

/** A message rendered by the caller, in the recipient's language (mail/templates.ts). */
const MailMessage = z.object({
  to: z.string().min(1).max(320),
  subject: z.string().max(1000),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()).default([]),
  attachments: z
    .array(z.object({ filename: z.string().max(255), contentType: z.string().max(255), content: z.string() }))
    .max(5)
    .optional(),
});

/**
 * What is kept once the message is sent or given up on: its links carry secrets (password reset
 * and verification tokens, stored hashed elsewhere), so the row does not keep them. A re-run
 * after a crash finds this and does not send again.
 */
const MailRedacted = z.object({
  redacted: z.literal(true),
  to: z.string(),
  subject: z.string(),
  outcome: z.enum(['sent', 'failed']),
});

/**
 * Every job's name and payload, apart from the handlers that run them (worker/handlers), so what
 * enqueues a job (the domains, events) does not depend on the code that runs it.
 */
export const jobSchemas = {
  'jobs.cleanup': z.object({
    doneDays: z.number().int().min(0).default(7),
    failedDays: z.number().int().min(0).default(30),
  }),
  'rateLimits.sweep': z.object({}),
  'blobs.delete': z.object({ keys: z.array(z.string().min(1)).min(1).max(1000) }),
  'assets.derivatives': z.object({ asset_id: Id, rev: Id }),
  'assets.video': z.object({ asset_id: Id, rev: Id }),
  'assets.visuals': z.object({
    asset_id: Id,
    rev: Id,
    // Colours and hash the derivatives job took from the pixels it decoded: nothing is read again.
    pixels: z
      .object({
        colours: z.array(z.object({ hex: z.string().regex(/^#[0-9a-f]{6}$/), share: z.number().min(0).max(1) })).max(5),
        hash: z.string().regex(/^[0-9a-f]{16}$/),
      })
      .optional(),
  }),
  'assets.text': z.object({ asset_id: Id, rev: Id }),
  'visuals.backfill': z.object({ brand_id: Id }),
  'assets.objects': z.object({ asset_id: Id, rev: Id }),
  'objects.rewords': z.object({ brand_id: Id }),
  'analysis.backfill': z.object({
    brand_id: Id,
    kinds: z
      .array(z.enum(['text', 'objects', 'faces', 'colours']))
      .min(1)
      .optional(),
  }),
  'assets.faces': z.object({ asset_id: Id, rev: Id }),
  'faces.backfill': z.object({ brand_id: Id }),
  'storage.cleanup': z.object({
    temp_hours: z.number().min(0).default(6),
    orphan_hours: z.number().min(0).default(1),
    tus_hours: z.number().min(0).default(24),
  }),
  'search.ftsMerge': z.object({
    pages: z.number().int().min(1).default(100),
    budgetMs: z.number().int().min(0).default(30_000),
    minSegments: z.number().int().min(1).default(4),
  }),
  'mail.send': z.union([MailRedacted, MailMessage]),
  'notifications.fanout': z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('comment'), commentId: Id }),
    z.object({ kind: z.literal('share'), linkId: Id, ownerId: Id, userIds: z.array(Id).max(10_000) }),
  ]),
  'notifications.mail': z.object({}),
  'downloads.build': z.object({ id: Id }),
  'guidelines.pdf': z.object({ id: Id }),
  'downloads.cleanup': Batch(500),
  'stats.windows': z.object({}),
  'reports.send': z.object({ kind: z.enum(['assets', 'users']), userId: Id, request: z.unknown() }),
  'reports.preview': z.object({ id: Id }),
  'reports.apply': z.object({ id: Id }),
  'metadata.bulkEdit': z.object({ id: Id }),
  'metadata.bulkUndo': z.object({ id: Id, userId: Id }),
  'metadata.bulkCleanup': Batch(100),
  'reports.cleanup': Batch(200),
  'sync.run': z.object({
    sourceId: Id,
    runId: Id.optional(),
    trigger: z.enum(SYNC_RUN_TRIGGERS).default('schedule'),
  }),
  'folders.purgeTrash': Batch(50),
  'rights.availability': Batch(500),
  /** An event of a brand, turned into one delivery per matching subscription (brand from the asset or collection when not given). */
  'webhooks.fanout': z.object({
    type: z.enum(WEBHOOK_EVENTS),
    data: z.record(z.string(), z.union([z.number(), z.string(), z.null(), z.array(z.number())])),
    brandIds: z.array(Id).max(10_000).optional(),
    assetId: Id.optional(),
    collectionId: Id.optional(),
  }),
  /** One delivery attempt (a webhook_deliveries row); its retries are new rows and jobs. */
  'webhooks.deliver': z.object({ deliveryId: Id }),
  'audit.checkpoint': z.object({
    lockDays: z.number().int().min(0).default(0),
    lockMode: z.enum(['GOVERNANCE', 'COMPLIANCE']).default('COMPLIANCE'),
  }),
};

export type JobName = keyof typeof jobSchemas;
/** What `enqueue` accepts for a job: the schema's input (defaults may be left out). */
export type JobPayload<N extends JobName> = z.input<(typeof jobSchemas)[N]>;
