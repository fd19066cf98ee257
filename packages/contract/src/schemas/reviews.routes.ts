import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  ApprovalSettings,
  ApprovalSettingsBody,
  ApproveBody,
  AssetReview,
  MyReviewsQuery,
  RejectBody,
  ReviewCount,
  ReviewDone,
  ReviewPage,
  ReviewQueuePage,
  ReviewQueueQuery,
} from './reviews.js';

/** Approval of uploads (issue 40 §3). */
export const reviewsRoutes = {
  approvalSettingsGet: def({
    method: 'GET',
    path: '/api/ops/brand/:id/approval',
    access: { permission: 'brand.manage' },
    summary: "Which roles' uploads to a brand wait for review",
    params: IdParams,
    response: ApprovalSettings,
  }),
  approvalSettingsUpdate: def({
    method: 'PUT',
    path: '/api/ops/brand/:id/approval',
    access: { permission: 'brand.manage' },
    summary: "Set which roles' uploads to a brand wait for review",
    params: IdParams,
    body: ApprovalSettingsBody,
    response: ApprovalSettings,
  }),
  reviewQueue: def({
    method: 'GET',
    path: '/api/review/queue',
    access: { permission: 'asset.approve' },
    summary: "A brand's uploads awaiting review (or rejected), by folder, uploader and age",
    query: ReviewQueueQuery,
    response: ReviewQueuePage,
  }),
  reviewCount: def({
    method: 'GET',
    path: '/api/review/count',
    access: { permission: 'asset.approve' },
    summary: "Uploads awaiting review in the caller's brands",
    response: ReviewCount,
  }),
  reviewMine: def({
    method: 'GET',
    path: '/api/review/mine',
    access: 'user',
    summary: "The caller's uploads awaiting review or rejected",
    query: MyReviewsQuery,
    response: ReviewPage,
  }),
  reviewApprove: def({
    method: 'POST',
    path: '/api/review/approve',
    access: { permission: 'asset.approve' },
    summary: 'Approve uploads',
    body: ApproveBody,
    response: ReviewDone,
  }),
  reviewReject: def({
    method: 'POST',
    path: '/api/review/reject',
    access: { permission: 'asset.approve' },
    summary: 'Reject uploads, with the reason',
    body: RejectBody,
    response: ReviewDone,
  }),
  reviewOfAsset: def({
    method: 'GET',
    path: '/api/review/asset/:id',
    access: 'user',
    summary: "An asset's review state and history",
    params: IdParams,
    response: AssetReview,
  }),
} as const;
