import { GUIDELINE_SEARCH_LIMIT, blockAssets } from '@brandvault/contract';
import type {
  CropFormat,
  GuidelineContent,
  GuidelineCreateBody,
  GuidelineMoveBody,
  GuidelinePage,
  GuidelineUpdateBody,
} from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { created } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess, assetsPolicy } from '../assets/assets.policy.js';
import { downloadGates } from '../assets/downloadGate.js';
import { downloadLink } from '../assets/downloadLink.js';
import { visibleBrand } from '../brands/brandAccess.js';
import type { GuidelinePageRow } from './guidelines.repo.js';
import { guidelinePageAccess, guidelinesPolicy } from './guidelines.policy.js';
import type { GuidelineAction } from './guidelines.policy.js';
import { matchContent, searchTerms } from './guidelines.search.js';
import { assetIdsOf, assetView, compare, contentOf, nodeView, pathsOf, readerVisible } from './guidelines.view.js';
import { cardMedia } from '../watermarks/watermark.previews.js';

type Create = z.output<typeof GuidelineCreateBody>;
type Update = z.output<typeof GuidelineUpdateBody>;
type Move = z.output<typeof GuidelineMoveBody>;

const target = (r: { id: number; title: string }) => ({ type: 'guideline_page', id: r.id, label: r.title }) as const;
/** What an audit entry keeps of a draft: its title, cover and how many blocks each language has. */
const summary = (
  r: { title: string; title_es: string | null; cover_asset_id: number | null },
  blocks: number,
  es: number | null,
) => ({
  title: r.title,
  title_es: r.title_es,
  cover_asset_id: r.cover_asset_id,
  blocks,
  es_blocks: es,
});

/** Brand guidelines (issue 45): the tree, drafts, publishing, history and the assets pages show. */
export function guidelinesService(deps: Deps) {
  const { repos } = deps;
  const now = () => iso(deps.clock.now());

  const pageRow = async (ctx: RequestContext, id: number, action: GuidelineAction) =>
    (await requireAccess(repos, { actor: ctx.actor, permission: action, kind: guidelinePageAccess, ids: [id] }))[0]!;
  const manageBrand = async (ctx: RequestContext, brandId: number) => {
    const b = await visibleBrand(repos, ctx.actor, brandId);
    authorize(guidelinesPolicy.manage(ctx.actor));
    return b;
  };

  /**
   * 422 unless every asset a draft uses is an active one of the page's brand that the editor sees,
   * of the kind its block shows (images, videos, PDF).
   */
  async function checkAssets(ctx: RequestContext, brandId: number, body: Update) {
    const refs: { field: string; id: number; kind: 'image' | 'video' | 'pdf' | null }[] = [];
    if (body.cover_asset_id) refs.push({ field: 'cover_asset_id', id: body.cover_asset_id, kind: 'image' });
    const add = (prefix: string, blocks: Update['blocks']) =>
      blocks.forEach((b, i) => blockAssets(b).forEach((a) => refs.push({ field: `${prefix}.${i}`, ...a })));
    add('blocks', body.blocks);
    if (body.es) add('es.blocks', body.es.blocks);
    if (!refs.length) return;
    const rows = new Map(
      (await repos.access.assets([...new Set(refs.map((r) => r.id))], ctx.actor.user.id)).map((r) => [r.id, r]),
    );
    for (const ref of refs) {
      const r = rows.get(ref.id);
      if (!r || r.brand_id !== brandId || r.status !== 'ACTIVE' || !assetsPolicy.can(ctx.actor, 'view', r))
        throw invalid({ [ref.field]: 'guidelineAsset' });
      const fits = ref.kind === null || (ref.kind === 'pdf' ? r.mime === 'application/pdf' : r.type === ref.kind);
      if (!fits) throw invalid({ [ref.field]: 'guidelineAssetType' });
    }
  }

  /** A page as the caller reads it: editors the draft, readers the published version. */
  async function read(ctx: RequestContext, row: GuidelinePageRow): Promise<GuidelinePage> {
    const editor = guidelinesPolicy.manage(ctx.actor);
    const nodes = await repos.guidelines.tree(row.brand_id);
    const node = nodes.find((n) => n.id === row.id)!;
    if (!editor && !readerVisible(nodes).some((n) => n.id === row.id)) throw new AppError('NOT_FOUND');
    let shown: { content: GuidelineContent; es: GuidelineContent | null; cover: number | null };
    if (editor || row.published_version === null) {
      shown = { ...contentOf(row), cover: row.cover_asset_id };
    } else {
      const v = found(await repos.guidelines.version(row.id, row.published_version));
      shown = { ...contentOf(v), cover: v.cover_asset_id };
    }
    const ids = assetIdsOf(shown.cover, [shown.content, shown.es]);
    const shownRows = await repos.access.assets(ids, ctx.actor.user.id);
    const rows = new Map(shownRows.map((r) => [r.id, r]));
    // One batch for every asset's download options: the blocks ask nothing more per asset.
    // Guests' pictures come marked when the brand marks for guests, as in every listing.
    const [gates, presets, media] = await Promise.all([
      downloadGates(repos, ctx.actor, shownRows),
      repos.cropPresets.ofBrand(row.brand_id),
      cardMedia(deps, ctx.actor),
    ]);
    const at = deps.clock.now();
    const take = { gates, link: (assetId: number) => downloadLink(deps.appKey, assetId, ctx.actor.user.id, at) };
    return {
      ...nodeView(node, editor),
      view: editor ? 'draft' : 'published',
      cover_asset_id: shown.cover,
      content: shown.content,
      es: shown.es,
      assets: ids.map((id) => assetView(ctx.actor, editor, row.brand_id, id, rows.get(id), media, take)),
      crop_presets: presets.map((p) => ({ ...p, format: (p.format as CropFormat | null) ?? null })),
      abilities: guidelinesPolicy.abilities(ctx.actor),
    };
  }
  // Another request may have removed the page since this one changed it: a 404, not a crash.
  const reread = async (ctx: RequestContext, id: number) => read(ctx, found(await repos.guidelines.page(id)));

  async function tree(ctx: RequestContext, brandId: number) {
    await visibleBrand(repos, ctx.actor, brandId);
    const editor = guidelinesPolicy.manage(ctx.actor);
    const rows = await repos.guidelines.tree(brandId);
    return {
      items: (editor ? rows : readerVisible(rows)).map((r) => nodeView(r, editor)),
      abilities: guidelinesPolicy.abilities(ctx.actor),
    };
  }

  /** The chapter a page goes into: one of the brand's chapters, else 422. */
  async function chapterOf(brandId: number, chapterId: number | null) {
    if (chapterId === null) return null;
    const c = await repos.guidelines.page(chapterId);
    if (!c || c.brand_id !== brandId || c.kind !== 'chapter') throw invalid({ chapter_id: 'guidelineChapter' });
    return c;
  }

  return {
    tree,

    async create(ctx: RequestContext, brandId: number, body: Create) {
      await manageBrand(ctx, brandId);
      await chapterOf(brandId, body.chapter_id);
      const at = now();
      const id = await deps.change(ctx, async (u) => {
        const position = (await u.repos.guidelines.siblings(brandId, body.chapter_id)).length;
        const { id } = await u.repos.guidelines.insert({
          brand_id: brandId,
          parent_id: body.chapter_id,
          kind: body.kind,
          position,
          title: body.title,
          title_es: null,
          cover_asset_id: null,
          blocks_json: '[]',
          es_json: null,
          published_version: null,
          created_by: ctx.actor.user.id,
          created_at: at,
          updated_at: at,
        });
        await u.audit({
          event: 'guideline.create',
          target: target({ id, title: body.title }),
          changes: created({ kind: body.kind, title: body.title, chapter_id: body.chapter_id }),
          info: { brand: brandId },
        });
        return id;
      });
      return reread(ctx, id);
    },

    async get(ctx: RequestContext, id: number) {
      return read(ctx, await pageRow(ctx, id, 'view'));
    },

    async update(ctx: RequestContext, id: number, body: Update) {
      const row = await pageRow(ctx, id, 'manage');
      await checkAssets(ctx, row.brand_id, body);
      const draft = {
        title: body.title,
        title_es: body.es?.title ?? null,
        cover_asset_id: body.cover_asset_id,
        blocks_json: JSON.stringify(body.blocks),
        es_json: body.es ? JSON.stringify(body.es.blocks) : null,
        updated_at: now(),
      };
      const was = contentOf(row);
      await deps.change(ctx, async (u) => {
        await u.repos.guidelines.saveDraft(id, draft);
        const before = summary(row, was.content.blocks.length, was.es?.blocks.length ?? null);
        const after = summary(draft, body.blocks.length, body.es?.blocks.length ?? null);
        const changes = Object.fromEntries(
          Object.entries(after)
            .filter(([k, v]) => before[k as keyof typeof before] !== v)
            .map(([k, v]) => [k, { before: before[k as keyof typeof before], after: v }]),
        );
        // Blocks edited in place keep their count: the entry names the blocks added, removed and changed.
        const { added, removed, changed } = compare(was.content, { title: body.title, blocks: body.blocks });
        await u.audit({
          event: 'guideline.update',
          target: target({ id, title: draft.title }),
          changes,
          info: { blocks: { added, removed, changed } },
        });
      });
      return reread(ctx, id);
    },

    async move(ctx: RequestContext, id: number, body: Move) {
      const row = await pageRow(ctx, id, 'manage');
      const chapter = await chapterOf(row.brand_id, body.chapter_id);
      // Walking up from the chapter must never meet the page: it would hang under itself.
      const nodes = new Map((await repos.guidelines.tree(row.brand_id)).map((n) => [n.id, n]));
      for (let at = chapter?.id ?? null, hops = 0; at !== null && hops < 1000; hops++) {
        if (at === id) throw invalid({ chapter_id: 'guidelineDescendant' });
        at = nodes.get(at)?.parent_id ?? null;
      }
      await deps.change(ctx, async (u) => {
        const g = u.repos.guidelines;
        const stamp = now();
        if (row.parent_id !== body.chapter_id)
          await g.place(
            row.parent_id,
            (await g.siblings(row.brand_id, row.parent_id)).filter((x) => x !== id),
            stamp,
          );
        const into = (await g.siblings(row.brand_id, body.chapter_id)).filter((x) => x !== id);
        into.splice(Math.min(body.position, into.length), 0, id);
        await g.place(body.chapter_id, into, stamp);
        await u.audit({
          event: 'guideline.move',
          target: target(row),
          changes: {
            chapter_id: { before: row.parent_id, after: body.chapter_id },
            position: { before: row.position, after: into.indexOf(id) },
          },
        });
      });
      return tree(ctx, row.brand_id);
    },

    async publish(ctx: RequestContext, id: number) {
      const row = await pageRow(ctx, id, 'manage');
      const { content, es } = contentOf(row);
      const assetIds = assetIdsOf(row.cover_asset_id, [content, es]);
      await deps.change(ctx, async (u) => {
        const number = ((await u.repos.guidelines.versions(id))[0]?.number ?? 0) + 1;
        await u.repos.guidelines.publish(
          {
            page_id: id,
            number,
            title: row.title,
            title_es: row.title_es,
            cover_asset_id: row.cover_asset_id,
            blocks_json: row.blocks_json,
            es_json: row.es_json,
            published_by: ctx.actor.user.id,
            published_at: now(),
          },
          assetIds,
        );
        await u.audit({
          event: 'guideline.publish',
          target: target(row),
          changes: { published_version: { before: row.published_version, after: number } },
          info: { version: number },
        });
      });
      return reread(ctx, id);
    },

    async remove(ctx: RequestContext, id: number) {
      const row = await pageRow(ctx, id, 'manage');
      if (await repos.guidelines.hasChildren(id)) throw invalid({ chapter_id: 'guidelineNotEmpty' });
      await deps.change(ctx, async (u) => {
        await u.repos.guidelines.remove(id);
        await u.audit({
          event: 'guideline.delete',
          target: target(row),
          changes: { title: { before: row.title, after: null } },
        });
      });
      return { deleted: true as const };
    },

    /** The published pages showing an asset the caller sees, with their chapters' titles. */
    async uses(ctx: RequestContext, assetId: number) {
      const [asset] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: assetAccess,
        ids: [assetId],
      });
      const pageIds = new Set(await repos.guidelines.pagesShowing(assetId));
      if (!pageIds.size) return { items: [] };
      const nodes = readerVisible(await repos.guidelines.tree(asset!.brand_id)).map((n) => nodeView(n, false));
      const pathOf = pathsOf(nodes);
      return {
        items: nodes
          .filter((n) => pageIds.has(n.id))
          .map((n) => ({ page_id: n.id, path: pathOf(n.id, false), path_es: pathOf(n.id, true) })),
      };
    },

    /**
     * The published pages a reader sees whose title or text holds every word of `q`, title
     * matches first, then in the tree's order; editors get the readers' view too.
     */
    async search(ctx: RequestContext, brandId: number, q: string) {
      await visibleBrand(repos, ctx.actor, brandId);
      const terms = searchTerms(q);
      const nodes = readerVisible(await repos.guidelines.tree(brandId)).map((n) => nodeView(n, false));
      const order = new Map(nodes.map((n, i) => [n.id, i]));
      const hits = (await repos.guidelines.publishedText(brandId))
        .filter((r) => order.has(r.id))
        .map((r) => {
          const { content, es } = contentOf(r);
          const main = matchContent(content, terms);
          const best = main.rank || !es ? main : matchContent(es, terms);
          return { id: r.id, ...best };
        })
        .filter((h) => h.rank > 0)
        .sort((a, b) => b.rank - a.rank || order.get(a.id)! - order.get(b.id)!)
        .slice(0, GUIDELINE_SEARCH_LIMIT);
      const pathOf = pathsOf(nodes);
      return {
        items: hits.map((h) => ({
          page_id: h.id,
          path: pathOf(h.id, false),
          path_es: pathOf(h.id, true),
          snippet: h.snippet,
        })),
      };
    },

    async versions(ctx: RequestContext, id: number) {
      await pageRow(ctx, id, 'manage');
      const rows = await repos.guidelines.versions(id);
      return {
        items: rows.map((v) => ({
          number: v.number,
          title: v.title,
          published_at: v.published_at,
          published_by: v.published_by
            ? { id: v.published_by, name: `${v.first_name ?? ''} ${v.last_name ?? ''}`.trim() }
            : null,
        })),
      };
    },

    async version(ctx: RequestContext, id: number, number: number) {
      const row = await pageRow(ctx, id, 'manage');
      const v = await repos.guidelines.version(id, number);
      if (!v) throw new AppError('NOT_FOUND');
      const old = contentOf(v);
      return {
        number: v.number,
        title: v.title,
        published_at: v.published_at,
        published_by: v.published_by
          ? { id: v.published_by, name: `${v.first_name ?? ''} ${v.last_name ?? ''}`.trim() }
          : null,
        cover_asset_id: v.cover_asset_id,
        content: old.content,
        es: old.es,
        changes: compare(old.content, contentOf(row).content),
      };
    },

    async revert(ctx: RequestContext, id: number, number: number) {
      const row = await pageRow(ctx, id, 'manage');
      const v = await repos.guidelines.version(id, number);
      if (!v) throw invalid({ version: 'guidelineNoVersion' });
      await deps.change(ctx, async (u) => {
        await u.repos.guidelines.saveDraft(id, {
          title: v.title,
          title_es: v.title_es,
          cover_asset_id: v.cover_asset_id,
          blocks_json: v.blocks_json,
          es_json: v.es_json,
          updated_at: now(),
        });
        await u.audit({
          event: 'guideline.revert',
          target: target(row),
          changes: { title: { before: row.title, after: v.title } },
          info: { version: number },
        });
      });
      return reread(ctx, id);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    guidelines: ReturnType<typeof guidelinesService>;
  }
}
