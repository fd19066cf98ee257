import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { ApprovalSettingsBody, RejectBody, ReviewQueueQuery } from '@brandvault/contract';
import { call } from '../../api/client';
import { assetKeys } from '../assets/api';

/** Keys: every review query sits under `reviews`, so a decision refreshes them all. */
export const reviewKeys = {
  all: ['reviews'] as const,
  queue: (q: ReviewQueueQuery) => [...reviewKeys.all, 'queue', q] as const,
  count: () => [...reviewKeys.all, 'count'] as const,
  mine: (page: number) => [...reviewKeys.all, 'mine', page] as const,
  asset: (id: number) => [...reviewKeys.all, 'asset', id] as const,
  settings: (brandId: number) => [...reviewKeys.all, 'settings', brandId] as const,
};

export const REVIEWS_PER_PAGE = 24;

/** A brand's uploads awaiting review (or rejected), filtered, one page at a time. */
export function useReviewQueue(q: ReviewQueueQuery, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.queue(q),
    queryFn: ({ signal }) => call(routes.reviewQueue, { query: q, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many uploads await the reviewer in their brands (the menu's badge). */
export function useReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.count(),
    queryFn: ({ signal }) => call(routes.reviewCount, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** The caller's own uploads awaiting review or rejected. */
export function useMyReviews(page: number) {
  return useQuery({
    queryKey: reviewKeys.mine(page),
    queryFn: ({ signal }) => call(routes.reviewMine, { query: { page, per_page: REVIEWS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An asset's review state, whether the caller may decide, and its history. */
export function useAssetReview(id: number) {
  return useQuery({
    queryKey: reviewKeys.asset(id),
    queryFn: ({ signal }) => call(routes.reviewOfAsset, { params: { id }, signal }),
  });
}

function useAfterDecision() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: reviewKeys.all });
    void qc.invalidateQueries({ queryKey: assetKeys.all });
  };
}

export function useApprove() {
  const after = useAfterDecision();
  return useMutation({
    mutationFn: (ids: number[]) => call(routes.reviewApprove, { body: { ids } }),
    onSuccess: after,
  });
}

export function useReject() {
  const after = useAfterDecision();
  return useMutation({
    mutationFn: (body: RejectBody) => call(routes.reviewReject, { body }),
    onSuccess: after,
  });
}

/** Which roles' uploads to a brand wait for review, with every role to choose from. */
export function useApprovalSettings(brandId: number | null) {
  return useQuery({
    queryKey: reviewKeys.settings(brandId ?? 0),
    queryFn: ({ signal }) => call(routes.approvalSettingsGet, { params: { id: brandId! }, signal }),
    enabled: brandId !== null,
  });
}

export function useSaveApprovalSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ brandId, body }: { brandId: number; body: ApprovalSettingsBody }) =>
      call(routes.approvalSettingsUpdate, { params: { id: brandId }, body }),
    onSuccess: (data, { brandId }) => qc.setQueryData(reviewKeys.settings(brandId), data),
  });
}
