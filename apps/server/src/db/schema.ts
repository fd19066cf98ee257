import type {
  AccessTokensTable,
  AppSettingsTable,
  BrandsTable,
  GrantGenerationTable,
  LoginThrottlesTable,
  PasswordResetsTable,
  PermissionsTable,
  RateLimitsTable,
  RolePermissionsTable,
  RolesTable,
  UserBrandsTable,
  UserPermissionsTable,
  UserPhotoUploadsTable,
  UserRolesTable,
  UsersTable,
} from './schema/accounts.js';
import type { JobSchedulesTable, JobsTable } from './schema/jobs.js';
import type { AssetVersionsTable, AssetsTable, ExtensionsTable, FoldersTable } from './schema/library.js';
import type {
  AssetCategoriesTable,
  AssetFacetsTable,
  AssetSearchTable,
  AssetWordsTable,
  BrandFacetsTable,
  SearchGenerationsTable,
  SearchVocabularyTable,
} from './schema/search.js';
import type { AuditHeadTable, AuditLogTable } from './schema/audit.js';
import type {
  CollectionAssetsTable,
  CollectionsTable,
  CommentPeopleTable,
  CommentsTable,
  NotificationSettingsTable,
  NotificationsTable,
  ShareLinkUsersTable,
  ShareLinksTable,
  ShortcutsTable,
} from './schema/collaboration.js';
import type {
  BrandCropPresetsTable,
  BrandWatermarksTable,
  DownloadCountsTable,
  DownloadTracesTable,
  DownloadsTable,
} from './schema/downloads.js';
import type {
  DownloadDaysTable,
  DownloadWindowStateTable,
  DownloadWindowsTable,
  FolderAssetTotalsTable,
  UploadDaysTable,
  UserActivityDaysTable,
} from './schema/stats.js';
import type { TemplateImportRowsTable, TemplateImportsTable } from './schema/templateImports.js';
import type {
  AssetFieldValuesTable,
  EmbedMappingsTable,
  MetadataFieldsTable,
  VocabulariesTable,
  VocabularyOptionsTable,
} from './schema/metadata.js';
import type { BulkEditsTable, BulkEditValuesTable } from './schema/bulkEdits.js';
import type { SavedSearchPinsTable, SavedSearchesTable } from './schema/savedSearches.js';
import type { ApiKeysTable } from './schema/apiKeys.js';
import type {
  AssetConsentsTable,
  AssetLicencesTable,
  AssetReviewsTable,
  BrandApprovalRolesTable,
  ConsentsTable,
  LicencesTable,
  RightsDocumentsTable,
  ExpiryNoticesTable,
} from './schema/rights.js';
import type { UploadRequestFilesTable, UploadRequestsTable } from './schema/uploadRequests.js';
import type { TwoFactorRecoveryCodesTable, UserTwoFactorTable } from './schema/twoFactor.js';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from './schema/webhooks.js';
import type { AssetLabelsTable, AssetObjectsTable } from './schema/labels.js';
import type { AssetColoursTable, AssetVisualsTable } from './schema/visuals.js';
import type { AssetFacesStateTable, AssetFacesTable, PeopleTable } from './schema/people.js';
import type { AssetFoundWordsTable, BrandAnalysisTable } from './schema/analysis.js';
import type { AssetTextTable } from './schema/text.js';
import type {
  GuidelineAssetsTable,
  GuidelineLinksTable,
  GuidelinePagesTable,
  GuidelineVersionsTable,
} from './schema/guidelines.js';
import type { OidcProvidersTable, SsoPendingTable, SsoSessionsTable, UserIdentitiesTable } from './schema/sso.js';
import type { SyncEntriesTable, SyncRunItemsTable, SyncRunsTable, SyncSourcesTable } from './schema/sync.js';

export type * from './schema/accounts.js';
export type * from './schema/rights.js';
export type * from './schema/webhooks.js';
export type * from './schema/visuals.js';
export type * from './schema/text.js';
export type * from './schema/labels.js';
export type * from './schema/people.js';
export type * from './schema/jobs.js';
export type * from './schema/library.js';
export type * from './schema/search.js';
export type * from './schema/audit.js';
export type * from './schema/collaboration.js';
export type * from './schema/downloads.js';
export type * from './schema/stats.js';
export type * from './schema/templateImports.js';
export type * from './schema/sync.js';
export type * from './schema/metadata.js';
export type * from './schema/savedSearches.js';
export type * from './schema/uploadRequests.js';
export type * from './schema/apiKeys.js';
export type * from './schema/twoFactor.js';
export type * from './schema/sso.js';
export type * from './schema/guidelines.js';

/**
 * The Kysely table types, by area in schema/ (each table's type is exported from here as well).
 * Timestamps are ISO-8601 UTC strings on both dialects (they sort as text), and counters that
 * need 64 bits are numbers (PostgreSQL int8 is parsed to number at connect).
 */
export interface Database {
  guideline_pages: GuidelinePagesTable;
  guideline_versions: GuidelineVersionsTable;
  guideline_assets: GuidelineAssetsTable;
  guideline_links: GuidelineLinksTable;
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  brands: BrandsTable;
  user_brands: UserBrandsTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  login_throttles: LoginThrottlesTable;
  app_settings: AppSettingsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  extensions: ExtensionsTable;
  folders: FoldersTable;
  assets: AssetsTable;
  collections: CollectionsTable;
  collection_assets: CollectionAssetsTable;
  share_links: ShareLinksTable;
  comments: CommentsTable;
  comment_people: CommentPeopleTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  share_link_users: ShareLinkUsersTable;
  asset_versions: AssetVersionsTable;
  asset_search: AssetSearchTable;
  asset_facets: AssetFacetsTable;
  brand_facets: BrandFacetsTable;
  asset_categories: AssetCategoriesTable;
  asset_words: AssetWordsTable;
  search_generations: SearchGenerationsTable;
  search_vocabulary: SearchVocabularyTable;
  grant_generation: GrantGenerationTable;
  shortcuts: ShortcutsTable;
  downloads: DownloadsTable;
  download_counts: DownloadCountsTable;
  brand_watermarks: BrandWatermarksTable;
  download_traces: DownloadTracesTable;
  brand_crop_presets: BrandCropPresetsTable;
  user_photo_uploads: UserPhotoUploadsTable;
  folder_asset_totals: FolderAssetTotalsTable;
  upload_days: UploadDaysTable;
  download_days: DownloadDaysTable;
  user_activity_days: UserActivityDaysTable;
  download_windows: DownloadWindowsTable;
  download_window_state: DownloadWindowStateTable;
  template_imports: TemplateImportsTable;
  sync_sources: SyncSourcesTable;
  sync_runs: SyncRunsTable;
  sync_run_items: SyncRunItemsTable;
  sync_entries: SyncEntriesTable;
  template_import_rows: TemplateImportRowsTable;
  vocabularies: VocabulariesTable;
  vocabulary_options: VocabularyOptionsTable;
  metadata_fields: MetadataFieldsTable;
  asset_field_values: AssetFieldValuesTable;
  bulk_edits: BulkEditsTable;
  bulk_edit_values: BulkEditValuesTable;
  saved_searches: SavedSearchesTable;
  licences: LicencesTable;
  consents: ConsentsTable;
  rights_documents: RightsDocumentsTable;
  expiry_notices: ExpiryNoticesTable;
  asset_licences: AssetLicencesTable;
  asset_consents: AssetConsentsTable;
  brand_approval_roles: BrandApprovalRolesTable;
  asset_reviews: AssetReviewsTable;
  saved_search_pins: SavedSearchPinsTable;
  upload_requests: UploadRequestsTable;
  upload_request_files: UploadRequestFilesTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  asset_visuals: AssetVisualsTable;
  asset_objects: AssetObjectsTable;
  asset_labels: AssetLabelsTable;
  asset_colours: AssetColoursTable;
  brand_analysis: BrandAnalysisTable;
  asset_found_words: AssetFoundWordsTable;
  asset_text: AssetTextTable;
  people: PeopleTable;
  asset_faces: AssetFacesTable;
  asset_faces_state: AssetFacesStateTable;
  embed_mappings: EmbedMappingsTable;
  api_keys: ApiKeysTable;
  oidc_providers: OidcProvidersTable;
  user_identities: UserIdentitiesTable;
  sso_pending: SsoPendingTable;
  sso_sessions: SsoSessionsTable;
}
export type * from './schema/bulkEdits.js';
