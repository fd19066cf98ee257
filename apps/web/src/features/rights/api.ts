import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { Consent, Licence, RouteBody, RouteQuery } from '@brandvault/contract';
import { call, callForm, toFormData } from '../../api/client';
import { saveFile } from '../reports/api';

export type RightsKind = 'licences' | 'consents';
export type RightsListQuery = RouteQuery<'licenceList'>;
export type LicenceInput = RouteBody<'licenceCreate'>;
export type ConsentInput = RouteBody<'consentCreate'>;
export type AssetRightsInput = RouteBody<'assetRightsUpdate'>;

export const rightsKeys = {
  all: ['rights'] as const,
  list: (kind: RightsKind, brandId: number, q: unknown) => ['rights', kind, brandId, q] as const,
  asset: (id: number) => ['rights', 'asset', id] as const,
  channels: (brandId: number) => ['rights', 'channels', brandId] as const,
};

export function useLicences(brandId: number, query: RightsListQuery, enabled = true) {
  return useQuery({
    queryKey: rightsKeys.list('licences', brandId, query),
    queryFn: ({ signal }) => call(routes.licenceList, { params: { id: brandId }, query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConsents(brandId: number, query: RightsListQuery, enabled = true) {
  return useQuery({
    queryKey: rightsKeys.list('consents', brandId, query),
    queryFn: ({ signal }) => call(routes.consentList, { params: { id: brandId }, query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Creates or changes a licence (`id` set) of the brand. */
export function useSaveLicence(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: LicenceInput }) =>
      id
        ? call(routes.licenceUpdate, { params: { id }, body })
        : call(routes.licenceCreate, { params: { id: brandId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rightsKeys.all }),
  });
}

export function useSaveConsent(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ConsentInput }) =>
      id
        ? call(routes.consentUpdate, { params: { id }, body })
        : call(routes.consentCreate, { params: { id: brandId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rightsKeys.all }),
  });
}

export function useDeleteRights(kind: RightsKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      kind === 'licences'
        ? call(routes.licenceDelete, { params: { id } })
        : call(routes.consentDelete, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rightsKeys.all }),
  });
}

export function useUploadRightsDocument(kind: RightsKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      kind === 'licences'
        ? callForm(routes.licenceDocumentUpload, { params: { id }, form: toFormData({ file }) })
        : callForm(routes.consentDocumentUpload, { params: { id }, form: toFormData({ file }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rightsKeys.all }),
  });
}

export function useDeleteRightsDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.rightsDocumentDelete, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rightsKeys.all }),
  });
}

export const saveRightsDocument = (id: number, name: string) =>
  saveFile(routes.rightsDocumentGet, { params: { id } }, name);
export const saveRightsExport = (kind: RightsKind, brandId: number) =>
  saveFile(
    kind === 'licences' ? routes.licenceExport : routes.consentExport,
    { params: { id: brandId } },
    `${kind}.xlsx`,
  );

/** The brand's channels still offered (its Channels vocabulary), with their labels in both languages. */
export function useChannels(brandId: number) {
  return useQuery({
    queryKey: rightsKeys.channels(brandId),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const vocabularies = await call(routes.vocabularyList, { params: { id: brandId }, signal });
      const v = vocabularies.items.find((x) => x.system === 'channels');
      if (!v) return [];
      const options = await call(routes.vocabularyOptions, { params: { id: v.id }, signal });
      return options.items
        .filter((o) => !o.retired)
        .map((o) => ({ value: o.label_en, label_en: o.label_en, label_es: o.label_es }));
    },
  });
}

export function useAssetRights(assetId: number) {
  return useQuery({
    queryKey: rightsKeys.asset(assetId),
    queryFn: ({ signal }) => call(routes.assetRightsGet, { params: { id: assetId }, signal }),
  });
}

export function useSaveAssetRights(assetId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetRightsInput) => call(routes.assetRightsUpdate, { params: { id: assetId }, body }),
    onSuccess: (data) => {
      qc.setQueryData(rightsKeys.asset(assetId), data);
      void qc.invalidateQueries({ queryKey: rightsKeys.all });
      void qc.invalidateQueries({ queryKey: ['assets'] });
    },
  });
}

/** One licence or consent as it is now (the dialog's documents follow uploads and deletions). */
export function useRightsRecord(kind: RightsKind, id: number) {
  return useQuery({
    queryKey: [...rightsKeys.all, kind, 'one', id],
    queryFn: ({ signal }): Promise<Licence | Consent> =>
      kind === 'licences'
        ? call(routes.licenceGet, { params: { id }, signal })
        : call(routes.consentGet, { params: { id }, signal }),
  });
}
