import type { SavedSearchBody, SavedSearchListQuery, SavedSearchUpdate } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { changesOf, created } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import type { FoldersService } from '../folders/folders.service.js';
import type { SearchService } from '../search/search.service.js';
import type { SavedSearchPatch, SavedSearchRow } from './savedSearches.repo.js';
import { savedSearchAccess, savedSearchesPolicy } from './savedSearches.policy.js';
import type { SavedSearchAction } from './savedSearches.policy.js';
import { savedSearchView, storedSearch } from './savedSearches.view.js';

type Body = z.output<typeof SavedSearchBody>;
type Update = z.output<typeof SavedSearchUpdate>;
type ListQuery = z.output<typeof SavedSearchListQuery>;

const target = (r: { id: number; name: string }) => ({ type: 'saved_search', id: r.id, label: r.name }) as const;
// The unique index on (owner, brand, lower(name)) settles races between two saves of one name.
const nameTaken = (err: unknown): never => {
  if (isUniqueViolation(err)) throw invalid({ name: 'taken' });
  throw err;
};

/** Saved searches and smart collections (issue 39 §6), run through the searcher as the caller. */
export function savedSearchesService(deps: Deps, folders: FoldersService, search: SearchService) {
  const { repos } = deps;
  const now = () => iso(deps.clock.now());

  /** The row if the caller sees it (404 otherwise), then 403 unless they may do `action`. */
  async function row(ctx: RequestContext, id: number, action: SavedSearchAction): Promise<SavedSearchRow> {
    await requireAccess(repos, { actor: ctx.actor, permission: 'view', kind: savedSearchAccess, ids: [id] });
    const r = await repos.savedSearches.one(id, ctx.actor.user.id);
    if (!r) throw new AppError('NOT_FOUND');
    authorize(savedSearchesPolicy.can(ctx.actor, action, r));
    return r;
  }
  const fresh = async (ctx: RequestContext, id: number) =>
    savedSearchView(ctx.actor, found(await repos.savedSearches.one(id, ctx.actor.user.id)));

  /** The folder a search runs under, which the caller must see (else 422 on folder_id). */
  async function folderOf(ctx: RequestContext, folderId: number) {
    try {
      return (await folders.visibleWithGeneration(ctx.actor, folderId)).folder;
    } catch (err) {
      if (err instanceof AppError && err.code === 'FOLDER_NOT_FOUND') throw invalid({ folder_id: 'invalid' });
      throw err;
    }
  }

  return {
    async list(ctx: RequestContext, q: ListQuery) {
      const rows = await repos.savedSearches.list(ctx.actor.user.id, {
        brandId: q.brand_id,
        collections: q.collections === 'true',
      });
      const items = rows.filter((r) => savedSearchesPolicy.can(ctx.actor, 'view', r));
      return {
        items: items.map((r) => savedSearchView(ctx.actor, r)),
        can_share: savedSearchesPolicy.manager(ctx.actor),
      };
    },

    async create(ctx: RequestContext, body: Body) {
      const folder = await folderOf(ctx, body.folder_id);
      const at = now();
      const id = await deps
        .change(ctx, async (u) => {
          const { id } = await u.repos.savedSearches.insert({
            brand_id: folder.brand_id,
            owner_id: ctx.actor.user.id,
            folder_id: folder.id,
            name: body.name,
            search_json: JSON.stringify(body.search),
            shared_with_brand: 0,
            as_collection: body.as_collection ? 1 : 0,
            created_at: at,
            updated_at: at,
          });
          if (body.pinned) await u.repos.savedSearches.pin(id, ctx.actor.user.id, at);
          await u.audit({
            event: 'savedSearch.create',
            target: target({ id, name: body.name }),
            changes: created({
              name: body.name,
              folder_id: folder.id,
              search: body.search,
              pinned: body.pinned,
              as_collection: body.as_collection,
            }),
          });
          return id;
        })
        .catch(nameTaken);
      return fresh(ctx, id);
    },

    async update(ctx: RequestContext, id: number, body: Update) {
      const before = await row(ctx, id, 'update');
      const folder = body.folder_id === undefined ? undefined : await folderOf(ctx, body.folder_id);
      if (folder && folder.brand_id !== before.brand_id) throw invalid({ folder_id: 'invalid' });
      const patch: SavedSearchPatch = { updated_at: now() };
      if (body.name !== undefined) patch.name = body.name;
      if (folder) patch.folder_id = folder.id;
      if (body.search !== undefined) patch.search_json = JSON.stringify(body.search);
      if (body.as_collection !== undefined) patch.as_collection = body.as_collection ? 1 : 0;
      const was = { ...before, search: storedSearch(before.search_json), as_collection: !!before.as_collection };
      const is = { ...was, ...body };
      await deps
        .change(ctx, async (u) => {
          await u.repos.savedSearches.update(id, patch);
          const changes = changesOf(was, is, ['name', 'folder_id', 'search', 'as_collection']);
          if (Object.keys(changes).length)
            await u.audit({ event: 'savedSearch.update', target: target({ id, name: is.name }), changes });
        })
        .catch(nameTaken);
      return fresh(ctx, id);
    },

    async pin(ctx: RequestContext, id: number, pinned: boolean) {
      const r = await row(ctx, id, 'pin');
      if ((r.pinned_by !== null) !== pinned)
        await deps.change(ctx, async (u) => {
          if (pinned) await u.repos.savedSearches.pin(id, ctx.actor.user.id, now());
          else await u.repos.savedSearches.unpin(id, ctx.actor.user.id);
          await u.audit({
            event: 'savedSearch.pin',
            target: target(r),
            changes: { pinned: { before: !pinned, after: pinned } },
          });
        });
      return fresh(ctx, id);
    },

    async share(ctx: RequestContext, id: number, shared: boolean) {
      const r = await row(ctx, id, 'share');
      if (!!r.shared_with_brand !== shared)
        await deps.change(ctx, async (u) => {
          await u.repos.savedSearches.update(id, { shared_with_brand: shared ? 1 : 0, updated_at: now() });
          await u.audit({
            event: 'savedSearch.share',
            target: target(r),
            changes: { shared_with_brand: { before: !shared, after: shared } },
          });
        });
      return fresh(ctx, id);
    },

    async remove(ctx: RequestContext, id: number) {
      const r = await row(ctx, id, 'remove');
      await deps.change(ctx, async (u) => {
        await u.repos.savedSearches.remove(id);
        await u.audit({
          event: 'savedSearch.delete',
          target: target(r),
          changes: { name: { before: r.name, after: null } },
          info: {},
        });
      });
      return { deleted: true as const };
    },

    /**
     * A page of the search's live results, run as the caller: the searcher applies their own
     * brand, folder and privacy rules, so a shared search never shows what they could not find.
     */
    async run(ctx: RequestContext, id: number, page: number, perPage: number) {
      const r = await row(ctx, id, 'view');
      const body = storedSearch(r.search_json);
      if (!body) throw invalid({ search: 'savedSearchStale' });
      // List columns are a view's choice, not the query's: a field deleted since must not break it.
      return search.search(ctx, r.folder_id, { ...body, columns: undefined }, page, perPage);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    savedSearches: ReturnType<typeof savedSearchesService>;
  }
}
