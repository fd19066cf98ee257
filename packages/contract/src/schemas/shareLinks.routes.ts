import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  ShareBody,
  ShareLinkAdminQuery,
  ShareLinkList,
  ShareLinkParams,
  ShareLinkResponse,
  ShareLinkUpdateBody,
  ShareRecipients,
  SharedWithMe,
  ShareRecipientsQuery,
  SharedFileParams,
  SharedFileQuery,
  SharedParams,
  SharedView,
  SharedViewQuery,
  UnlockBody,
  UnlockResponse,
} from './shareLinks.js';
import { z } from 'zod';

const own = { permission: 'collection.view' } as const;

/**
 * Share links of collections (§3, §7): the owner makes, lists and revokes them; a link's holder
 * opens it signed in or, for anyone-with-the-link, signed out; every file of a shared collection
 * is fetched through the link, which is checked at each fetch.
 */
export const shareLinksRoutes = {
  collectionShare: def({
    method: 'POST',
    path: '/api/ops/collection/:id/share',
    access: own,
    summary: 'Share a collection: a new link with its expiry, audience, password and download right',
    params: IdParams,
    body: ShareBody,
    response: ShareLinkResponse,
    status: 201,
    rateLimit: { max: 60 },
  }),
  collectionShareList: def({
    method: 'GET',
    path: '/api/ops/collection/:id/share/list',
    access: own,
    summary: "The owner's links of one collection, with their view and download counts",
    params: IdParams,
    response: ShareLinkList,
  }),
  collectionShareRecipients: def({
    method: 'GET',
    path: '/api/ops/collection/:id/share/recipients',
    access: own,
    summary: 'People the owner may share this collection with: active users sharing one of their brands',
    params: IdParams,
    query: ShareRecipientsQuery,
    response: ShareRecipients,
  }),
  collectionShareRevoke: def({
    method: 'POST',
    path: '/api/ops/collection/:id/share/:link/revoke',
    access: own,
    summary: 'Revoke one of the owner’s links: it stops working at once',
    params: ShareLinkParams,
    response: ShareLinkResponse,
  }),
  sharedWithMe: def({
    method: 'GET',
    path: '/api/ops/collection/shared/list',
    access: 'user',
    summary: 'The live links other people made for the caller, newest first',
    response: SharedWithMe,
  }),
  sharedView: def({
    method: 'GET',
    path: '/api/ops/collection/:id/shared/:token/view',
    access: 'user',
    summary: 'Open a shared collection signed in (audience checked; the link’s rights apply)',
    params: SharedParams,
    query: SharedViewQuery,
    response: SharedView,
  }),
  publicView: def({
    method: 'GET',
    path: '/api/ops/collection/:id/shared/:token/public/view',
    access: 'public',
    summary: 'Open an anyone-with-the-link shared collection without signing in',
    params: SharedParams,
    query: SharedViewQuery,
    response: SharedView,
  }),
  sharedUnlock: def({
    method: 'POST',
    path: '/api/ops/collection/:id/shared/:token/unlock',
    access: 'public',
    summary: 'Give a link’s password: answers a short-lived pass for this browser session',
    params: SharedParams,
    body: UnlockBody,
    response: UnlockResponse,
  }),
  sharedFile: def({
    method: 'GET',
    path: '/api/ops/collection/:id/shared/:token/asset/:assetId/:kind',
    access: 'public',
    summary: 'A thumbnail, preview or original of a shared asset, checked against the link at every fetch',
    params: SharedFileParams,
    query: SharedFileQuery,
    response: z.unknown(),
    raw: true,
  }),
  sharedZip: def({
    method: 'GET',
    path: '/api/ops/collection/:id/shared/:token/zip',
    access: 'public',
    summary: "Every asset of a shared collection as one zip, with the link's rights (streamed)",
    params: SharedParams,
    query: SharedFileQuery,
    response: z.unknown(),
    raw: true,
  }),
  shareLinkAll: def({
    method: 'GET',
    path: '/api/ops/share-link/all',
    access: { permission: 'shareLink.view' },
    summary: 'Every share link, filtered by creator and state',
    query: ShareLinkAdminQuery,
    response: ShareLinkList,
  }),
  shareLinkUpdate: def({
    method: 'PATCH',
    path: '/api/ops/share-link/:id/update',
    access: { permission: 'shareLink.manage' },
    summary: 'Revoke a share link or change its expiry',
    params: IdParams,
    body: ShareLinkUpdateBody,
    response: ShareLinkResponse,
  }),
} as const;
