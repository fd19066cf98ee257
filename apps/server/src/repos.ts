import type { Db } from './db/index.js';
import type { Repos } from './deps/repos.js';
import { authRepo } from './modules/auth/auth.repo.js';
import { loginThrottleRepo } from './modules/auth/loginThrottle.repo.js';
import { brandsRepo } from './modules/brands/brands.repo.js';
import { foldersRepo } from './modules/folders/folders.repo.js';
import { assetsRepo } from './modules/assets/assets.repo.js';
import { assetLabelsRepo } from './modules/assets/assetLabels.repo.js';
import { assetRightsRepo } from './modules/assets/assetRights.repo.js';
import { shortcutsRepo } from './modules/shortcuts/shortcuts.repo.js';
import { collectionsRepo } from './modules/collections/collections.repo.js';
import { shareLinksRepo } from './modules/shareLinks/shareLinks.repo.js';
import { commentsRepo } from './modules/comments/comments.repo.js';
import { notificationsRepo } from './modules/notifications/notifications.repo.js';
import { rolesRepo } from './modules/roles/roles.repo.js';
import { usersRepo } from './modules/users/users.repo.js';
import { cropPresetsRepo } from './modules/cropPresets/cropPresets.repo.js';
import { ssoRepo } from './modules/sso/sso.repo.js';
import { metadataRepo } from './modules/metadata/metadata.repo.js';
import { optionsRepo } from './modules/metadata/options.repo.js';
import { fieldValuesRepo } from './modules/metadata/values.repo.js';
import { metadataBulkRepo } from './modules/metadataBulk/metadataBulk.repo.js';
import { savedSearchesRepo } from './modules/savedSearches/savedSearches.repo.js';
import { twoFactorRepo } from './modules/twoFactor/twoFactor.repo.js';
import { rightsRepo } from './modules/rights/rights.repo.js';
import { guidelinesRepo } from './modules/guidelines/guidelines.repo.js';
import { guidelineLinksRepo } from './modules/guidelineLinks/guidelineLinks.repo.js';
import { availabilityRepo } from './modules/availability/availability.repo.js';
import { embedMappingsRepo } from './modules/metadata/embed/embed.repo.js';
import { setupRepo } from './modules/setup/setup.repo.js';
import { watermarksRepo } from './modules/watermarks/watermarks.repo.js';
import { syncRepo } from './modules/sync/sync.repo.js';
import { reviewsRepo } from './modules/reviews/reviews.repo.js';
import { accessRepo } from './modules/access/access.repo.js';
import { extensionsRepo } from './modules/extensions/extensions.repo.js';
import { jobsRepo } from './modules/jobs/jobs.repo.js';
import { userStatsRepo } from './modules/users/users.stats.repo.js';
import { userPhotosRepo } from './modules/users/users.photos.repo.js';
import { statsRepo } from './modules/stats/stats.repo.js';
import { windowsRepo } from './modules/stats/stats.windows.repo.js';
import { metricsRepo } from './modules/metrics/metrics.repo.js';
import { healthRepo } from './modules/health/health.repo.js';
import { downloadsRepo } from './modules/downloads/downloads.repo.js';
import { reportsRepo } from './modules/reports/reports.repo.js';
import { assetTemplateRepo } from './modules/reports/assetTemplate.repo.js';
import { searchMaintenanceRepo } from './modules/search/search.maintenance.repo.js';
import { statsAvailabilityRepo } from './modules/stats/stats.availability.repo.js';
import { expiryNoticesRepo } from './modules/expiryNotices/expiryNotices.repo.js';
import { auditRepo } from './modules/audit/audit.repo.js';
import { uploadRequestsRepo } from './modules/uploadRequests/uploadRequests.repo.js';
import { apiKeysRepo } from './modules/apiKeys/apiKeys.repo.js';
import { webhooksRepo } from './modules/webhooks/webhooks.repo.js';
import { visualsRepo } from './modules/visuals/visuals.repo.js';
import { textRepo } from './modules/text/text.repo.js';
import { analysisRepo } from './modules/analysis/switch/analysis.repo.js';
import { labelsRepo } from './modules/labels/labels.repo.js';
import { peopleRepo } from './modules/people/people.repo.js';

/** Every repo over one connection: the database itself, or a transaction. */
export function makeRepos(db: Db): Repos {
  return {
    auth: authRepo(db),
    loginThrottles: loginThrottleRepo(db),
    users: usersRepo(db),
    roles: rolesRepo(db),
    brands: brandsRepo(db),
    folders: foldersRepo(db),
    assets: assetsRepo(db),
    assetLabels: assetLabelsRepo(db),
    assetRights: assetRightsRepo(db),
    shortcuts: shortcutsRepo(db),
    collections: collectionsRepo(db),
    shareLinks: shareLinksRepo(db),
    comments: commentsRepo(db),
    notifications: notificationsRepo(db),
    watermarks: watermarksRepo(db),
    sync: syncRepo(db),
    reviews: reviewsRepo(db),
    cropPresets: cropPresetsRepo(db),
    sso: ssoRepo(db),
    metadata: metadataRepo(db),
    options: optionsRepo(db),
    fieldValues: fieldValuesRepo(db),
    metadataBulk: metadataBulkRepo(db),
    savedSearches: savedSearchesRepo(db),
    uploadRequests: uploadRequestsRepo(db),
    webhooks: webhooksRepo(db),
    visuals: visualsRepo(db),
    text: textRepo(db),
    people: peopleRepo(db),
    analysis: analysisRepo(db),
    labels: labelsRepo(db),
    rights: rightsRepo(db),
    guidelines: guidelinesRepo(db),
    guidelineLinks: guidelineLinksRepo(db),
    availability: availabilityRepo(db),
    embedMappings: embedMappingsRepo(db),
    setup: setupRepo(db),
    twoFactor: twoFactorRepo(db),
    access: accessRepo(db),
    downloads: downloadsRepo(db),
    health: healthRepo(db),
    metrics: metricsRepo(db),
    statsWindows: windowsRepo(db),
    stats: statsRepo(db),
    userPhotos: userPhotosRepo(db),
    userStats: userStatsRepo(db),
    jobs: jobsRepo(db),
    extensions: extensionsRepo(db),
    reports: reportsRepo(db),
    assetTemplates: assetTemplateRepo(db),
    searchMaintenance: searchMaintenanceRepo(db),
    statsAvailability: statsAvailabilityRepo(db),
    expiryNotices: expiryNoticesRepo(db),
    apiKeys: apiKeysRepo(db),
    // Keyless, for reads: the unit of work appends through its own keyed writer (audit.trail.ts).
    audit: auditRepo(db),
  };
}
export type { Repos } from './deps/repos.js';
