import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  GuidelineLinkBody,
  GuidelineLinkList,
  GuidelineLinkParams,
  GuidelineLinkResponse,
  GuidelinePublicCropParams,
  GuidelinePublicCropQuery,
  GuidelinePublicFileParams,
  GuidelinePublicFileQuery,
  GuidelinePublicPageParams,
  GuidelinePublicParams,
  GuidelinePublicQuery,
  GuidelinePublicTree,
} from './guidelineLinks.js';
import { GuidelinePage } from './guidelines.js';
import { UnlockBody, UnlockResponse } from './shareLinks.js';

const manage = { permission: 'guidelines.manage' } as const;

/**
 * Public guidelines links (issue 45): made, listed and revoked by the brand's guidelines managers;
 * opened by anyone holding them, signed in or not, and checked at every request.
 */
export const guidelineLinksRoutes = {
  guidelineLinkCreate: def({
    method: 'POST',
    path: '/api/ops/brand/:id/guidelines/links',
    access: manage,
    summary: "A public link to the brand's published guidelines, with its expiry, password and download right",
    params: IdParams,
    body: GuidelineLinkBody,
    response: GuidelineLinkResponse,
    status: 201,
    rateLimit: { max: 60 },
  }),
  guidelineLinkList: def({
    method: 'GET',
    path: '/api/ops/brand/:id/guidelines/links',
    access: manage,
    summary: "The brand's public guidelines links, newest first, with their state and views",
    params: IdParams,
    response: GuidelineLinkList,
  }),
  guidelineLinkRevoke: def({
    method: 'POST',
    path: '/api/ops/brand/:id/guidelines/links/:link/revoke',
    access: manage,
    summary: 'Revoke a public guidelines link: it stops working at once',
    params: GuidelineLinkParams,
    response: GuidelineLinkResponse,
  }),
  guidelinePublicTree: def({
    method: 'GET',
    path: '/api/ops/guidelines/public/:token',
    access: 'public',
    summary: "Open a public guidelines link: the brand's published tree and a pass for its pages and files",
    params: GuidelinePublicParams,
    query: GuidelinePublicQuery,
    response: GuidelinePublicTree,
  }),
  guidelinePublicUnlock: def({
    method: 'POST',
    path: '/api/ops/guidelines/public/:token/unlock',
    access: 'public',
    summary: 'Give a public guidelines link’s password: answers a short-lived pass',
    params: GuidelinePublicParams,
    body: UnlockBody,
    response: UnlockResponse,
  }),
  guidelinePublicPage: def({
    method: 'GET',
    path: '/api/ops/guidelines/public/:token/page/:pageId',
    access: 'public',
    summary: 'A published page through a public link, its assets with link-scoped addresses',
    params: GuidelinePublicPageParams,
    query: GuidelinePublicQuery,
    response: GuidelinePage,
  }),
  guidelinePublicFile: def({
    method: 'GET',
    path: '/api/ops/guidelines/public/:token/asset/:assetId/:kind',
    access: 'public',
    summary: 'A thumbnail, preview or original of an asset a published page shows, checked against the link',
    params: GuidelinePublicFileParams,
    query: GuidelinePublicFileQuery,
    response: z.unknown(),
    raw: true,
  }),
  guidelinePublicCrop: def({
    method: 'GET',
    path: '/api/ops/guidelines/public/:token/asset/:assetId/crop',
    access: 'public',
    summary: "An image of a published page in another format or cropped, through a link's download right",
    params: GuidelinePublicCropParams,
    query: GuidelinePublicCropQuery,
    response: z.unknown(),
    raw: true,
    // Each copy is drawn on request: anyone holding the link may ask for them, a few a second.
    rateLimit: { max: 60 },
  }),
} as const;
