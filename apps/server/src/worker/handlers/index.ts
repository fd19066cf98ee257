import type { JobName } from '../../jobs/payloads.js';
import type { JobHandler } from '../../jobs/types.js';
import { jobsCleanup } from './jobs.cleanup.js';
import { assetsDerivatives } from './assets.derivatives.js';
import { assetsVideo } from './assets.video.js';
import { assetsVisuals } from './assets.visuals.js';
import { assetsText } from './assets.text.js';
import { visualsBackfill } from './visuals.backfill.js';
import { assetsObjects } from './assets.objects.js';
import { objectsRewords } from './objects.rewords.js';
import { analysisBackfill } from './analysis.backfill.js';
import { assetsFaces } from './assets.faces.js';
import { facesBackfill } from './faces.backfill.js';
import { auditCheckpoint } from './audit.checkpoint.js';
import { blobsDelete } from './blobs.delete.js';
import { downloadsBuild } from './downloads.build.js';
import { guidelinesPdf } from './guidelines.pdf.js';
import { downloadsCleanup } from './downloads.cleanup.js';
import { foldersPurgeTrash } from './folders.purgeTrash.js';
import { mailSend } from './mail.send.js';
import { notificationsFanout } from './notifications.fanout.js';
import { notificationsMail } from './notifications.mail.js';
import { rateLimitsSweep } from './rateLimits.sweep.js';
import { metadataBulkEdit } from './metadata.bulkEdit.js';
import { metadataBulkUndo } from './metadata.bulkUndo.js';
import { metadataBulkCleanup } from './metadata.bulkCleanup.js';
import { reportsApply } from './reports.apply.js';
import { reportsCleanup } from './reports.cleanup.js';
import { reportsPreview } from './reports.preview.js';
import { reportsSend } from './reports.send.js';
import { rightsAvailability } from './rights.availability.js';
import { searchFtsMerge } from './search.ftsMerge.js';
import { statsWindows } from './stats.windows.js';
import { storageCleanup } from './storage.cleanup.js';
import { syncRun } from './sync.run.js';
import { webhooksDeliver } from './webhooks.deliver.js';
import { webhooksFanout } from './webhooks.fanout.js';

/** Every job the worker knows, by name (jobs/payloads.ts): one file per handler, named after the job. */
export const handlers = {
  'jobs.cleanup': jobsCleanup,
  'rateLimits.sweep': rateLimitsSweep,
  'blobs.delete': blobsDelete,
  'assets.derivatives': assetsDerivatives,
  'assets.video': assetsVideo,
  'assets.visuals': assetsVisuals,
  'assets.text': assetsText,
  'visuals.backfill': visualsBackfill,
  'assets.objects': assetsObjects,
  'objects.rewords': objectsRewords,
  'analysis.backfill': analysisBackfill,
  'assets.faces': assetsFaces,
  'faces.backfill': facesBackfill,
  'storage.cleanup': storageCleanup,
  'search.ftsMerge': searchFtsMerge,
  'mail.send': mailSend,
  'notifications.fanout': notificationsFanout,
  'notifications.mail': notificationsMail,
  'downloads.build': downloadsBuild,
  'guidelines.pdf': guidelinesPdf,
  'downloads.cleanup': downloadsCleanup,
  'stats.windows': statsWindows,
  'reports.send': reportsSend,
  'reports.preview': reportsPreview,
  'reports.apply': reportsApply,
  'metadata.bulkEdit': metadataBulkEdit,
  'metadata.bulkUndo': metadataBulkUndo,
  'metadata.bulkCleanup': metadataBulkCleanup,
  'reports.cleanup': reportsCleanup,
  'sync.run': syncRun,
  'folders.purgeTrash': foldersPurgeTrash,
  'rights.availability': rightsAvailability,
  'audit.checkpoint': auditCheckpoint,
  'webhooks.fanout': webhooksFanout,
  'webhooks.deliver': webhooksDeliver,
} satisfies Record<JobName, JobHandler>;
