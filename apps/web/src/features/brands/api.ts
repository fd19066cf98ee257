import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { Brand, Crop, RouteQuery } from '@brandvault/contract';
import { call, callForm, toFormData } from '../../api/client';
import { sessionKeys } from '../auth/api';

export type BrandAllQuery = NonNullable<RouteQuery<'brandAll'>>;

export const brandKeys = {
  all: ['brands'] as const,
  lists: () => [...brandKeys.all, 'list'] as const,
  list: (q: BrandAllQuery) => [...brandKeys.lists(), q] as const,
  detail: (id: number) => [...brandKeys.all, 'detail', id] as const,
  mine: () => [...brandKeys.all, 'mine'] as const,
};

/** The caller's brands with their figures (assets they see, last upload day): the chooser's cards. */
export function useMyBrands(enabled = true) {
  return useQuery({
    queryKey: brandKeys.mine(),
    queryFn: ({ signal }) => call(routes.brandList, { signal }),
    enabled,
  });
}

/** One brand with its description, figures and top folder: the brand home's header. */
export const brandQuery = (id: number) => ({
  queryKey: brandKeys.detail(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(routes.brandGet, { params: { id }, signal }),
});

export function useBrand(id: number) {
  return useQuery(brandQuery(id));
}

export function useBrandsAll(query: BrandAllQuery) {
  return useQuery({
    queryKey: brandKeys.list(query),
    queryFn: ({ signal }) => call(routes.brandAll, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A picture chosen in the form, with the crop the user framed. */
export interface CroppedFile {
  file: File;
  crop: Crop;
}

export interface BrandFormValues {
  name: string;
  slug: string;
  description: string;
  /** `#rrggbb`, or empty for the product's own colour. */
  accent_color: string;
  image: CroppedFile | null;
  logo: CroppedFile | null;
  remove_image?: boolean;
  remove_logo?: boolean;
  /** Edit only: refuse uploads missing a required brand field (issue 39 §3). */
  require_fields_on_upload?: boolean;
  /** Edit only: the expiry warning window in days and what members may do with expired assets. */
  expiry_warning_days?: number | string;
  expired_downloads?: 'block' | 'warn';
}

/** Multipart per the contract: fields, crops as JSON strings, files under `image` and `logo`. */
export function brandFormData(v: BrandFormValues, mode: 'create' | 'edit'): FormData {
  return toFormData({
    name: v.name.trim(),
    ...(mode === 'create' ? { slug: v.slug.trim() } : {}),
    // Empty clears it on edit; on create, empty is simply none.
    description: mode === 'create' && !v.description.trim() ? undefined : v.description.trim(),
    accent_color: mode === 'create' && !v.accent_color.trim() ? undefined : v.accent_color.trim(),
    image: v.image?.file,
    image_crop: v.image?.crop,
    logo: v.logo?.file,
    logo_crop: v.logo?.crop,
    remove_image: v.remove_image && !v.image ? true : undefined,
    remove_logo: v.remove_logo && !v.logo ? true : undefined,
    require_fields_on_upload: mode === 'edit' ? v.require_fields_on_upload : undefined,
    expiry_warning_days: mode === 'edit' ? v.expiry_warning_days : undefined,
    expired_downloads: mode === 'edit' ? v.expired_downloads : undefined,
  });
}

/** Brands show on the chooser through `me`, so refresh it too. */
function useInvalidateBrands() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: brandKeys.all }),
      qc.invalidateQueries({ queryKey: sessionKeys.me() }),
    ]);
}

export function useCreateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: (v: BrandFormValues) => callForm(routes.brandCreate, { form: brandFormData(v, 'create') }),
    onSuccess: invalidate,
  });
}

export function useUpdateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: BrandFormValues }) =>
      callForm(routes.brandUpdate, { params: { id }, form: brandFormData(values, 'edit') }),
    onSuccess: invalidate,
  });
}

export function useBrandStatus() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Brand['status'] }) =>
      call(routes.brandStatus, { params: { id }, body: { status } }),
    onSuccess: invalidate,
  });
}
