import type { Deps } from './deps/deps.js';
import type { Services } from './deps/services.js';
import { authService } from './modules/auth/auth.service.js';
import { accountService } from './modules/account/account.service.js';
import { brandsService } from './modules/brands/brands.service.js';
import { foldersService } from './modules/folders/folders.service.js';
import { filesService } from './modules/files/files.service.js';
import { shareLinksService } from './modules/shareLinks/shareLinks.service.js';
import { shareLinkHolderService } from './modules/shareLinks/shareLinks.holder.service.js';
import { assetsService } from './modules/assets/assets.service.js';
import { assetCard } from './modules/assets/assets.view.js';
import { versionsService } from './modules/assets/versions.service.js';
import { assetManagerService } from './modules/assets/manager.service.js';
import { assetTrashService } from './modules/assets/trash.service.js';
import { usersService } from './modules/users/users.service.js';
import { userStatsService } from './modules/users/users.stats.js';
import { userPhotosService } from './modules/users/users.photos.js';
import { emulationService } from './modules/emulation/emulation.service.js';
import { rolesService } from './modules/roles/roles.service.js';
import { searchService } from './modules/search/search.service.js';
import { shortcutsService } from './modules/shortcuts/shortcuts.service.js';
import { auditService } from './modules/audit/audit.service.js';
import { extensionsService } from './modules/extensions/extensions.service.js';
import { collectionsService } from './modules/collections/collections.service.js';
import { commentsService } from './modules/comments/comments.service.js';
import { downloadsService } from './modules/downloads/downloads.service.js';
import { pollingBroker } from './modules/notifications/notifications.broker.js';
import { notificationsService } from './modules/notifications/notifications.service.js';
import { cropPresetsService } from './modules/cropPresets/cropPresets.service.js';
import { ssoService } from './modules/sso/sso.service.js';
import { ssoFlowService } from './modules/sso/ssoFlow.service.js';
import { ssoLinkService } from './modules/sso/ssoLink.service.js';
import { metadataFieldsService } from './modules/metadata/fields.service.js';
import { vocabulariesService } from './modules/metadata/vocabularies.service.js';
import { optionsService } from './modules/metadata/options.service.js';
import { fieldValuesService } from './modules/metadata/values.service.js';
import { metadataBulkService } from './modules/metadataBulk/metadataBulk.service.js';
import { savedSearchesService } from './modules/savedSearches/savedSearches.service.js';
import { twoFactorService } from './modules/twoFactor/twoFactor.service.js';
import { rightsService } from './modules/rights/rights.service.js';
import { guidelinesService } from './modules/guidelines/guidelines.service.js';
import { guidelineLinksService } from './modules/guidelineLinks/guidelineLinks.service.js';
import { guidelineLinkHolder } from './modules/guidelineLinks/guidelineLinks.holder.js';
import { guidelinePdfService } from './modules/guidelinePdf/guidelinePdf.service.js';
import { rightsDocumentsService } from './modules/rights/rightsDocuments.service.js';
import { assetRightsService } from './modules/rights/assetRights.service.js';
import { embedMappingService } from './modules/metadata/mapping.service.js';
import { setupService } from './modules/setup/setup.service.js';
import { watermarksService } from './modules/watermarks/watermarks.service.js';
import { statsService } from './modules/stats/stats.service.js';
import { importsService } from './modules/reports/imports.service.js';
import { reportsService } from './modules/reports/reports.service.js';
import { syncService } from './modules/sync/sync.service.js';
import { webhooksService } from './modules/webhooks/webhooks.service.js';
import { visualsService } from './modules/visuals/visuals.service.js';
import { textService } from './modules/text/text.service.js';
import { labelsService } from './modules/labels/labels.service.js';
import { analysisService } from './modules/analysis/analysis.service.js';
import { peopleService } from './modules/people/people.service.js';
import { uploadRequestsService } from './modules/uploadRequests/uploadRequests.service.js';
import { uploadRequestsPublicService } from './modules/uploadRequests/uploadRequests.public.service.js';
import { reviewsService } from './modules/reviews/reviews.service.js';
import { apiKeysService } from './modules/apiKeys/apiKeys.service.js';

export function makeServices(deps: Deps): Services {
  const folders = foldersService(deps, assetCard);
  const files = filesService(deps);
  const assets = assetsService(deps, folders, files);
  const search = searchService(deps, folders);
  // The database is the only message bus this deployment has (no Redis client is a dependency).
  const notifications = notificationsService(
    deps,
    pollingBroker(deps.repos.notifications, {
      onError: (err) => deps.log.warn({ err }, 'notification poll failed'),
    }),
  );
  deps.sessionEnded = (tokenId) => notifications.endSession(tokenId);
  return {
    auth: authService(deps),
    apiKeys: apiKeysService(deps),
    account: accountService(deps),
    twoFactor: twoFactorService(deps),
    users: usersService(deps),
    userStats: userStatsService(deps),
    userPhotos: userPhotosService(deps),
    emulation: emulationService(deps),
    roles: rolesService(deps),
    brands: brandsService(deps),
    folders,
    files,
    assets,
    versions: versionsService(deps, assets),
    assetManager: assetManagerService(deps, folders),
    assetTrash: assetTrashService(deps),
    search,
    savedSearches: savedSearchesService(deps, folders, search),
    uploadRequests: uploadRequestsService(deps, folders),
    uploadRequestLinks: uploadRequestsPublicService(deps, folders),
    audit: auditService(deps),
    extensions: extensionsService(deps),
    shortcuts: shortcutsService(deps, folders, assets),
    collections: collectionsService(deps, folders),
    // The owner's side and the link holder's side, under one name for the routes.
    shareLinks: { ...shareLinksService(deps), ...shareLinkHolderService(deps, files) },
    comments: commentsService(deps),
    downloads: downloadsService(deps, files),
    watermarks: watermarksService(deps),
    cropPresets: cropPresetsService(deps),
    sso: ssoService(deps),
    ssoFlow: ssoFlowService(deps),
    ssoLink: ssoLinkService(deps),
    rights: rightsService(deps),
    guidelines: guidelinesService(deps),
    guidelineLinks: { ...guidelineLinksService(deps), ...guidelineLinkHolder(deps, files) },
    guidelinePdf: guidelinePdfService(deps),
    rightsDocuments: rightsDocumentsService(deps),
    assetRights: assetRightsService(deps),
    metadataFields: metadataFieldsService(deps),
    vocabularies: vocabulariesService(deps),
    metadataOptions: optionsService(deps),
    embedMapping: embedMappingService(deps),
    fieldValues: fieldValuesService(deps),
    metadataBulk: metadataBulkService(deps),
    setup: setupService(deps),
    stats: statsService(deps),
    reports: reportsService(deps),
    imports: importsService(deps),
    sync: syncService(deps),
    webhooks: webhooksService(deps),
    visuals: visualsService(deps),
    text: textService(deps),
    labels: labelsService(deps),
    analysis: analysisService(deps),
    people: peopleService(deps),
    reviews: reviewsService(deps),
    notifications,
  };
}
export type { Services } from './deps/services.js';
