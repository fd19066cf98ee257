import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';
import { useJobStarted } from '../jobs/api';

export const peopleKeys = {
  all: ['people'] as const,
  brand: (id: number, hidden: boolean) => ['people', 'brand', id, hidden] as const,
  person: (id: number) => ['people', 'person', id] as const,
  asset: (id: number) => ['people', 'asset', id] as const,
};

/** The brand's people the caller can see, and whether faces are on (hidden ones when asked). */
export function usePeople(brandId: number, hidden = false) {
  return useQuery({
    queryKey: peopleKeys.brand(brandId, hidden),
    queryFn: ({ signal }) =>
      call(routes.peopleList, { params: { id: brandId }, query: hidden ? { hidden: '1' } : {}, signal }),
    enabled: brandId > 0,
  });
}

export function usePerson(id: number | null) {
  return useQuery({
    queryKey: peopleKeys.person(id ?? 0),
    queryFn: ({ signal }) => call(routes.personShow, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Who is in an asset; asked again while the worker has not looked at it. */
export function useAssetPeople(assetId: number) {
  return useQuery({
    queryKey: peopleKeys.asset(assetId),
    queryFn: ({ signal }) => call(routes.assetPeople, { params: { id: assetId }, signal }),
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 5000 : false),
  });
}

/** Every people list, person and asset panel may change after a change: all are asked again. */
function useChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all }) });
}

export function useFacesSwitch(brandId: number) {
  const started = useJobStarted();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { enabled: boolean; acknowledged?: boolean }) =>
      call(routes.facesSwitch, { params: { id: brandId }, body }),
    onSuccess: (r) => {
      if (r.job_id) void started();
      return qc.invalidateQueries({ queryKey: peopleKeys.all });
    },
  });
}

export const useNamePerson = () =>
  useChange(({ id, name }: { id: number; name: string }) =>
    call(routes.personName, { params: { id }, body: { name } }),
  );
export const useMergePerson = () =>
  useChange(({ id, into }: { id: number; into: number }) =>
    call(routes.personMerge, { params: { id }, body: { into } }),
  );
export const useSplitPerson = () =>
  useChange(({ id, faces }: { id: number; faces: number[] }) =>
    call(routes.personSplit, { params: { id }, body: { faces } }),
  );
export const useHidePerson = () =>
  useChange(({ id, hidden }: { id: number; hidden: boolean }) =>
    call(routes.personHide, { params: { id }, body: { hidden } }),
  );
