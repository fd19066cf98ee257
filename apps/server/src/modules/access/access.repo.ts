import type { Db } from '../../db/index.js';

/**
 * Assets with what deciding whether `userId` may reach them takes: their folder's PRIVATE path
 * and status, their brand's status and the user's membership of it (null when not a member).
 * Downloads and templates add their own columns and ids.
 */
export const assetsWithAccess = (db: Db, userId: number) =>
  db
    .selectFrom('assets')
    .innerJoin('folders', 'folders.id', 'assets.folder_id')
    .innerJoin('brands', 'brands.id', 'assets.brand_id')
    .leftJoin('user_brands', (j) =>
      j.onRef('user_brands.brand_id', '=', 'assets.brand_id').on('user_brands.user_id', '=', userId),
    )
    .select([
      'folders.private_path',
      'folders.status as folder_status',
      'brands.status as brand_status',
      'user_brands.user_id as member_id',
    ]);

/**
 * Saved searches with their brand's name and status, `userId`'s membership of it, whether
 * `userId` pinned the search, and the owner's name: what the policy and the list answer need.
 */
export const savedSearchesWithAccess = (db: Db, userId: number) =>
  db
    .selectFrom('saved_searches')
    .innerJoin('brands', 'brands.id', 'saved_searches.brand_id')
    .innerJoin('users as owner', 'owner.id', 'saved_searches.owner_id')
    .leftJoin('user_brands', (j) =>
      j.onRef('user_brands.brand_id', '=', 'saved_searches.brand_id').on('user_brands.user_id', '=', userId),
    )
    .leftJoin('saved_search_pins as pin', (j) =>
      j.onRef('pin.saved_search_id', '=', 'saved_searches.id').on('pin.user_id', '=', userId),
    )
    .selectAll('saved_searches')
    .select([
      'brands.name as brand_name',
      'brands.status as brand_status',
      'user_brands.user_id as member_id',
      'pin.user_id as pinned_by',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
    ]);

/** The columns of a job its owner may see (never the payload: it may hold what they must not read). */
export const JOB_COLUMNS = [
  'id',
  'name',
  'status',
  'owner_id',
  'progress_done',
  'progress_of',
  'result',
  'last_error',
  'created_at',
  'finished_at',
] as const;

/** Vocabularies with their brand's status and `userId`'s membership of it. */
const vocabulariesWithAccess = (db: Db, userId: number) =>
  db
    .selectFrom('vocabularies')
    .innerJoin('brands', 'brands.id', 'vocabularies.brand_id')
    .leftJoin('user_brands', (j) =>
      j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
    )
    .select(['brands.status as brand_status', 'user_brands.user_id as member_id']);

/** An empty set needs no query (and `in ()` is not SQL). */
const none = Promise.resolve([] as never[]);

/**
 * The access SQL of every kind of row routes take ids of, one query per set: each loader returns
 * the rows with what their policy needs to judge them for `userId` (see requireAccess).
 */
export function accessRepo(db: Db) {
  return {
    assets: (ids: number[], userId: number) =>
      ids.length ? assetsWithAccess(db, userId).selectAll('assets').where('assets.id', 'in', ids).execute() : none,

    brands: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('brands')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
            )
            .selectAll('brands')
            .select('user_brands.user_id as member_id')
            .where('brands.id', 'in', ids)
            .execute()
        : none,

    folders: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('folders')
            .innerJoin('brands', 'brands.id', 'folders.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'folders.brand_id').on('user_brands.user_id', '=', userId),
            )
            .selectAll('folders')
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .where('folders.id', 'in', ids)
            .execute()
        : none,

    /** Users with whether they share a brand with the viewer (everyone shares one with themselves). */
    users: (ids: number[], viewerId: number) =>
      ids.length
        ? db
            .selectFrom('users')
            .selectAll('users')
            .select((eb) =>
              eb
                .or([
                  eb('users.id', '=', viewerId),
                  eb.exists(
                    eb
                      .selectFrom('user_brands as theirs')
                      .innerJoin('user_brands as mine', 'mine.brand_id', 'theirs.brand_id')
                      .select('theirs.user_id')
                      .whereRef('theirs.user_id', '=', 'users.id')
                      .where('mine.user_id', '=', viewerId),
                  ),
                ])
                .as('shares_brand'),
            )
            .where('users.id', 'in', ids)
            .execute()
        : none,

    collections: (ids: number[]) =>
      ids.length ? db.selectFrom('collections').selectAll().where('id', 'in', ids).execute() : none,

    shortcuts: (ids: number[]) =>
      ids.length ? db.selectFrom('shortcuts').selectAll().where('id', 'in', ids).execute() : none,

    shareLinks: (ids: number[]) =>
      ids.length ? db.selectFrom('share_links').selectAll().where('id', 'in', ids).execute() : none,

    /** Comments with the access columns of their asset. */
    comments: (ids: number[], userId: number) =>
      ids.length
        ? assetsWithAccess(db, userId)
            .innerJoin('comments', 'comments.asset_id', 'assets.id')
            .selectAll('comments')
            .select([
              'assets.visibility',
              'assets.status as asset_status',
              'assets.availability',
              'assets.review_state',
              'assets.created_by as asset_created_by',
            ])
            .where('comments.id', 'in', ids)
            .execute()
        : none,

    /** Sync sources with their brand's status and the user's membership of it. */
    syncSources: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('sync_sources')
            .innerJoin('brands', 'brands.id', 'sync_sources.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'sync_sources.brand_id').on('user_brands.user_id', '=', userId),
            )
            .selectAll('sync_sources')
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .where('sync_sources.id', 'in', ids)
            .execute()
        : none,

    /** Jobs as their owner sees them (never the payload: it may hold what the caller must not read). */
    jobs: (ids: number[]) =>
      ids.length ? db.selectFrom('jobs').select(JOB_COLUMNS).where('id', 'in', ids).execute() : none,

    /** Downloads with their job's state. */
    downloads: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('downloads')
            .leftJoin('jobs', 'jobs.id', 'downloads.job_id')
            .selectAll('downloads')
            .select(['jobs.status as job_status', 'jobs.last_error as job_error'])
            .where('downloads.id', 'in', ids)
            .execute()
        : none,

    /** A brand's metadata fields with their brand's status and the user's membership of it. */
    metadataFields: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('metadata_fields')
            .innerJoin('brands', 'brands.id', 'metadata_fields.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
            )
            .selectAll('metadata_fields')
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .where('metadata_fields.id', 'in', ids)
            .execute()
        : none,

    /** Saved searches with their brand, the user's membership and pin (savedSearchesWithAccess). */
    savedSearches: (ids: number[], userId: number) =>
      ids.length ? savedSearchesWithAccess(db, userId).where('saved_searches.id', 'in', ids).execute() : none,

    /** Vocabularies with their brand's status and the user's membership of it. */
    vocabularies: (ids: number[], userId: number) =>
      ids.length
        ? vocabulariesWithAccess(db, userId).selectAll('vocabularies').where('vocabularies.id', 'in', ids).execute()
        : none,

    /** Vocabulary options with their vocabulary's brand, kind, status and the user's membership. */
    vocabularyOptions: (ids: number[], userId: number) =>
      ids.length
        ? vocabulariesWithAccess(db, userId)
            .innerJoin('vocabulary_options', 'vocabulary_options.vocabulary_id', 'vocabularies.id')
            .selectAll('vocabulary_options')
            .select([
              'vocabularies.kind',
              'vocabularies.name as vocabulary_name',
              'vocabularies.system_key',
              'vocabularies.brand_id as vocabulary_brand_id',
            ])
            .where('vocabulary_options.id', 'in', ids)
            .execute()
        : none,

    /** Licences, consents and their documents with their brand's status and the user's membership. */
    licences: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('licences')
            .innerJoin('brands', 'brands.id', 'licences.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
            )
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .selectAll('licences')
            .where('licences.id', 'in', ids)
            .execute()
        : none,
    consents: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('consents')
            .innerJoin('brands', 'brands.id', 'consents.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
            )
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .selectAll('consents')
            .where('consents.id', 'in', ids)
            .execute()
        : none,
    guidelinePages: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('guideline_pages')
            .innerJoin('brands', 'brands.id', 'guideline_pages.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
            )
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .selectAll('guideline_pages')
            .where('guideline_pages.id', 'in', ids)
            .execute()
        : none,
    rightsDocuments: (ids: number[], userId: number) =>
      ids.length
        ? db
            .selectFrom('rights_documents')
            .innerJoin('brands', 'brands.id', 'rights_documents.brand_id')
            .leftJoin('user_brands', (j) =>
              j.onRef('user_brands.brand_id', '=', 'brands.id').on('user_brands.user_id', '=', userId),
            )
            .select(['brands.status as brand_status', 'user_brands.user_id as member_id'])
            .selectAll('rights_documents')
            .where('rights_documents.id', 'in', ids)
            .execute()
        : none,
  };
}
export type AccessRepo = ReturnType<typeof accessRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    access: ReturnType<typeof accessRepo>;
  }
}
