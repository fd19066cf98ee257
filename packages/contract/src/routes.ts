import type { z } from 'zod';
import { joinRoutes } from './core/routeDef.js';
import { assetsRoutes } from './schemas/assets.routes.js';
import { auditRoutes } from './schemas/audit.routes.js';
import { authRoutes } from './schemas/auth.routes.js';
import { accountRoutes } from './schemas/account.routes.js';
import { brandsRoutes } from './schemas/brands.routes.js';
import { collectionsRoutes } from './schemas/collections.routes.js';
import { cropPresetsRoutes } from './schemas/cropPresets.routes.js';
import { metadataRoutes } from './schemas/metadata.routes.js';
import { metadataBulkRoutes } from './schemas/metadataBulk.routes.js';
import { savedSearchesRoutes } from './schemas/savedSearches.routes.js';
import { rightsRoutes } from './schemas/rights.routes.js';
import { guidelinesRoutes } from './schemas/guidelines.routes.js';
import { guidelineLinksRoutes } from './schemas/guidelineLinks.routes.js';
import { guidelinePdfRoutes } from './schemas/guidelinePdf.routes.js';
import { metadataMappingRoutes } from './schemas/metadataMapping.routes.js';
import { commentsRoutes } from './schemas/comments.routes.js';
import { downloadsRoutes } from './schemas/downloads.routes.js';
import { emulationRoutes } from './schemas/emulation.routes.js';
import { extensionsRoutes } from './schemas/extensions.routes.js';
import { filesRoutes } from './schemas/files.routes.js';
import { foldersRoutes } from './schemas/folders.routes.js';
import { healthRoutes } from './schemas/health.routes.js';
import { jobsRoutes } from './schemas/jobs.routes.js';
import { metricsRoutes } from './schemas/metrics.routes.js';
import { notificationsRoutes } from './schemas/notifications.routes.js';
import { shareLinksRoutes } from './schemas/shareLinks.routes.js';
import { uploadRequestsRoutes } from './schemas/uploadRequests.routes.js';
import { shortcutsRoutes } from './schemas/shortcuts.routes.js';
import { searchRoutes } from './schemas/search.routes.js';
import { setupRoutes } from './schemas/setup.routes.js';
import { usersRoutes } from './schemas/users.routes.js';
import { rolesRoutes } from './schemas/roles.routes.js';
import { watermarksRoutes } from './schemas/watermarks.routes.js';
import { reportsRoutes } from './schemas/reports.routes.js';
import { syncRoutes } from './schemas/sync.routes.js';
import { webhooksRoutes } from './schemas/webhooks.routes.js';
import { visualsRoutes } from './schemas/visuals.routes.js';
import { textRoutes } from './schemas/text.routes.js';
import { labelsRoutes } from './schemas/labels.routes.js';
import { analysisRoutes } from './schemas/analysis.routes.js';
import { peopleRoutes } from './schemas/people.routes.js';
import { reviewsRoutes } from './schemas/reviews.routes.js';
import { apiKeysRoutes } from './schemas/apiKeys.routes.js';
import { twoFactorRoutes } from './schemas/twoFactor.routes.js';
import { ssoRoutes } from './schemas/sso.routes.js';

export type { Access, Method, RouteDef, RoutePath } from './core/routeDef.js';

/**
 * Each domain's table on its own: a screen that calls a few routes imports only their tables, so
 * the sign-in page's bundle leaves out every other domain's schemas (`routes` holds them all).
 */
export {
  accountRoutes,
  apiKeysRoutes,
  assetsRoutes,
  auditRoutes,
  authRoutes,
  brandsRoutes,
  collectionsRoutes,
  commentsRoutes,
  cropPresetsRoutes,
  downloadsRoutes,
  emulationRoutes,
  extensionsRoutes,
  filesRoutes,
  foldersRoutes,
  healthRoutes,
  jobsRoutes,
  metadataBulkRoutes,
  metadataMappingRoutes,
  metadataRoutes,
  metricsRoutes,
  notificationsRoutes,
  reportsRoutes,
  reviewsRoutes,
  rightsRoutes,
  guidelinesRoutes,
  guidelineLinksRoutes,
  guidelinePdfRoutes,
  rolesRoutes,
  savedSearchesRoutes,
  searchRoutes,
  setupRoutes,
  shareLinksRoutes,
  shortcutsRoutes,
  ssoRoutes,
  syncRoutes,
  twoFactorRoutes,
  uploadRequestsRoutes,
  usersRoutes,
  visualsRoutes,
  watermarksRoutes,
  webhooksRoutes,
};

/**
 * Every route, by name: each domain declares its own in `schemas/<domain>.routes.ts`, beside its
 * schemas. The order here is the order of the OpenAPI document.
 */
export const routes = joinRoutes(
  healthRoutes,
  authRoutes,
  ssoRoutes,
  accountRoutes,
  twoFactorRoutes,
  setupRoutes,
  usersRoutes,
  emulationRoutes,
  rolesRoutes,
  brandsRoutes,
  foldersRoutes,
  searchRoutes,
  filesRoutes,
  assetsRoutes,
  downloadsRoutes,
  cropPresetsRoutes,
  metadataRoutes,
  metadataBulkRoutes,
  savedSearchesRoutes,
  rightsRoutes,
  guidelinesRoutes,
  guidelineLinksRoutes,
  guidelinePdfRoutes,
  metadataMappingRoutes,
  shortcutsRoutes,
  collectionsRoutes,
  shareLinksRoutes,
  uploadRequestsRoutes,
  commentsRoutes,
  notificationsRoutes,
  auditRoutes,
  reportsRoutes,
  jobsRoutes,
  watermarksRoutes,
  extensionsRoutes,
  syncRoutes,
  webhooksRoutes,
  visualsRoutes,
  textRoutes,
  labelsRoutes,
  analysisRoutes,
  peopleRoutes,
  reviewsRoutes,
  apiKeysRoutes,
  metricsRoutes,
);

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : never;
export type RouteBody<N extends RouteName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type RouteQuery<N extends RouteName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteParams<N extends RouteName> = Infer<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteResponse<N extends RouteName> = Out<Routes[N]['response']>;
