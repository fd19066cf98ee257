import { SHORTABLE_TYPES } from '@brandvault/contract';
import type { BrandSummary, ShortableKind, Shortcut } from '@brandvault/contract';
import { authorize } from '../../http/authorize.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import type { AssetsService } from '../assets/assets.service.js';
import { assetTarget, changesOf, created, folderTarget } from '../audit/audit.trail.js';
import { brandSummary } from '../brands/brands.view.js';
import type { FoldersService } from '../folders/folders.service.js';
import { shortcutsPolicy } from './shortcuts.policy.js';
import type { ShortcutsRepo } from './shortcuts.repo.js';
import { shortcutView } from './shortcuts.view.js';

/** Spec §8: the 409 of a second shortcut to the same target names the kind. */
const exists = (kind: ShortableKind) =>
  new AppError(kind === 'asset' ? 'SHORTCUT_EXISTS_ASSET' : 'SHORTCUT_EXISTS_FOLDER');

const auditTarget = (kind: ShortableKind, t: { id: number; name: string }) =>
  kind === 'asset' ? assetTarget(t) : folderTarget(t);

/**
 * The user's shortcuts for the session answer: those whose brand is among the user's visible
 * brands and whose target the user still sees; the rest wait, unseen, until they lead somewhere.
 */
export async function visibleShortcuts(
  repo: ShortcutsRepo,
  actor: Actor,
  brands: readonly BrandSummary[],
): Promise<Shortcut[]> {
  const byId = new Map(brands.map((b) => [b.id, b]));
  const rows = await repo.forUser(actor.user.id);
  const out: Shortcut[] = [];
  for (const r of rows) {
    const brand = byId.get(r.brand_id);
    if (!brand || !shortcutsPolicy.seesTarget(actor, r)) continue;
    out.push(shortcutView(r, brand, r.asset_folder_id ?? r.shortable_id));
  }
  return out;
}

export function shortcutsService(deps: Deps, folders: FoldersService, assets: AssetsService) {
  const { repos, clock, media } = deps;
  const now = () => iso(clock.now());

  /** The target if the actor sees it (folders: FOLDER_NOT_FOUND, assets: NOT_FOUND otherwise). */
  async function target(actor: Actor, kind: ShortableKind, id: number) {
    if (kind === 'folder') {
      const f = await folders.visible(actor, id);
      return { id: f.id, name: f.name, brand_id: f.brand_id, folder_id: f.id };
    }
    const a = await assets.visible(actor, id);
    // Removed assets stay visible to those who may restore them, but lead nowhere.
    if (a.status !== 'ACTIVE') throw new AppError('NOT_FOUND');
    return { id: a.id, name: a.name, brand_id: a.brand_id, folder_id: a.folder_id };
  }

  async function answer(id: number, t: { brand_id: number; folder_id: number }) {
    const [row, brand] = await Promise.all([repos.shortcuts.byId(id), repos.brands.byId(t.brand_id)]);
    // Deleted by another request since this one wrote it: gone, as a later read would say.
    if (!row || !brand) throw new AppError('NOT_FOUND');
    return { shortcut: shortcutView(row, brandSummary(brand, media), t.folder_id) };
  }

  /** The caller's own shortcut to the target, else NOT_FOUND. */
  async function own(actor: Actor, kind: ShortableKind, id: number) {
    const s = await repos.shortcuts.of(actor.user.id, SHORTABLE_TYPES[kind], id);
    if (!s) throw new AppError('NOT_FOUND');
    authorize(shortcutsPolicy.can(actor, 'update', s), 'NOT_FOUND');
    return s;
  }

  /** Names the target as it is now, or as the shortcut knew it when the target is gone. */
  async function labelOf(kind: ShortableKind, id: number, fallback: string) {
    const row = kind === 'folder' ? await repos.folders.byId(id) : await repos.assets.withFolder(id);
    return row?.name ?? fallback;
  }

  return {
    async create(ctx: RequestContext, kind: ShortableKind, id: number, name: string) {
      const { actor } = ctx;
      const t = await target(actor, kind, id);
      const type = SHORTABLE_TYPES[kind];
      if (await repos.shortcuts.of(actor.user.id, type, t.id)) throw exists(kind);
      let shortcutId: number;
      try {
        shortcutId = await deps.change(ctx, async (u) => {
          const sid = await u.repos.shortcuts.insert({
            user_id: actor.user.id,
            brand_id: t.brand_id,
            type,
            id: t.id,
            name,
            at: now(),
          });
          await u.audit({
            event: 'shortcut.create',
            target: auditTarget(kind, t),
            changes: created({ name }),
            info: { shortcut_id: sid },
          });
          return sid;
        });
      } catch (err) {
        // Two creates racing: the unique key refused the second one.
        if (isUniqueViolation(err)) throw exists(kind);
        throw err;
      }
      return answer(shortcutId, t);
    },

    async update(ctx: RequestContext, kind: ShortableKind, id: number, name: string) {
      const { actor } = ctx;
      const t = await target(actor, kind, id);
      const s = await own(actor, kind, t.id);
      await deps.change(ctx, async (u) => {
        await u.repos.shortcuts.rename(s.id, name, now());
        await u.audit({
          event: 'shortcut.update',
          target: auditTarget(kind, t),
          changes: changesOf(s, { name }, ['name']),
          info: { shortcut_id: s.id },
        });
      });
      return answer(s.id, t);
    },

    /** The caller's own shortcut goes even when its target is gone or out of reach. */
    async remove(ctx: RequestContext, kind: ShortableKind, id: number) {
      const s = await own(ctx.actor, kind, id);
      const label = await labelOf(kind, id, s.name);
      await deps.change(ctx, async (u) => {
        await u.repos.shortcuts.remove(s.id);
        await u.audit({
          event: 'shortcut.delete',
          target: auditTarget(kind, { id, name: label }),
          changes: { name: { before: s.name, after: null } },
          info: { shortcut_id: s.id },
        });
      });
      return { message: 'Shortcut deleted' };
    },
  };
}
export type ShortcutsService = ReturnType<typeof shortcutsService>;

declare module '../../deps/services.js' {
  interface Services {
    shortcuts: ReturnType<typeof shortcutsService>;
  }
}
