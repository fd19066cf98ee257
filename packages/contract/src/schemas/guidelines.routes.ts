import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  GuidelineCreateBody,
  GuidelineDeleted,
  GuidelineMoveBody,
  GuidelinePage,
  GuidelineRevertBody,
  GuidelineSearchQuery,
  GuidelineSearchResult,
  GuidelineTree,
  GuidelineUpdateBody,
  GuidelineUses,
  GuidelineVersion,
  GuidelineVersionList,
  GuidelineVersionParams,
} from './guidelines.js';

const manage = { permission: 'guidelines.manage' } as const;

/**
 * Brand guidelines (issue 45): whoever sees a brand reads its published pages; guidelines.manage
 * (managers and administrators) reads drafts and changes them within the brands it sees. Other
 * brands' pages answer 404.
 */
export const guidelinesRoutes = {
  guidelineTree: def({
    method: 'GET',
    path: '/api/ops/brand/:id/guidelines',
    access: 'user',
    summary: "A brand's guidelines tree (readers: published pages only; editors: drafts too)",
    params: IdParams,
    response: GuidelineTree,
  }),
  guidelineCreate: def({
    method: 'POST',
    path: '/api/ops/brand/:id/guidelines',
    access: manage,
    summary: 'Add a chapter or a page (a draft) at the end of a chapter or of the top level',
    params: IdParams,
    body: GuidelineCreateBody,
    response: GuidelinePage,
    status: 201,
  }),
  guidelineGet: def({
    method: 'GET',
    path: '/api/ops/guideline/:id',
    access: 'user',
    summary: 'A page with its blocks and the assets they show (readers: published version; editors: draft)',
    params: IdParams,
    response: GuidelinePage,
  }),
  guidelineUpdate: def({
    method: 'PUT',
    path: '/api/ops/guideline/:id',
    access: manage,
    summary: "Save a page's draft: title, cover, blocks and the Spanish version",
    params: IdParams,
    body: GuidelineUpdateBody,
    response: GuidelinePage,
  }),
  guidelineMove: def({
    method: 'POST',
    path: '/api/ops/guideline/:id/move',
    access: manage,
    summary: 'Move a page or chapter into a chapter (or the top level) at a position',
    params: IdParams,
    body: GuidelineMoveBody,
    response: GuidelineTree,
  }),
  guidelinePublish: def({
    method: 'POST',
    path: '/api/ops/guideline/:id/publish',
    access: manage,
    summary: "Publish a page's draft as its next version",
    params: IdParams,
    response: GuidelinePage,
  }),
  guidelineDelete: def({
    method: 'DELETE',
    path: '/api/ops/guideline/:id',
    access: manage,
    summary: 'Delete a page, or a chapter that holds no pages, with its history',
    params: IdParams,
    response: GuidelineDeleted,
  }),
  guidelineVersions: def({
    method: 'GET',
    path: '/api/ops/guideline/:id/versions',
    access: manage,
    summary: "A page's published versions, newest first",
    params: IdParams,
    response: GuidelineVersionList,
  }),
  guidelineVersion: def({
    method: 'GET',
    path: '/api/ops/guideline/:id/versions/:number',
    access: manage,
    summary: 'A published version with what the current draft changed since',
    params: GuidelineVersionParams,
    response: GuidelineVersion,
  }),
  guidelineRevert: def({
    method: 'POST',
    path: '/api/ops/guideline/:id/revert',
    access: manage,
    summary: "Make a published version the page's draft again (publish to show it)",
    params: IdParams,
    body: GuidelineRevertBody,
    response: GuidelinePage,
  }),
  guidelineSearch: def({
    method: 'GET',
    path: '/api/ops/brand/:id/guidelines/search',
    access: 'user',
    summary: "A brand's published guidelines pages whose title or text holds the words (up to five)",
    params: IdParams,
    query: GuidelineSearchQuery,
    response: GuidelineSearchResult,
  }),
  guidelineUses: def({
    method: 'GET',
    path: '/api/ops/asset/:id/guidelines',
    access: 'user',
    summary: 'The published guidelines pages that show an asset, as the caller may read them',
    params: IdParams,
    response: GuidelineUses,
  }),
} as const;
