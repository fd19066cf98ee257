import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody, Webhook } from '@brandvault/contract';
import { call } from '../../api/client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (brandId: number) => [...webhookKeys.all, 'list', brandId] as const,
  deliveries: (id: number, page: number) => [...webhookKeys.all, 'deliveries', id, page] as const,
};

/** While a delivery is pending its list is asked again this often (the worker sends it meanwhile). */
export const PENDING_POLL_MS = 3000;

export function useWebhooks(brandId: number) {
  return useQuery({
    queryKey: webhookKeys.list(brandId),
    queryFn: ({ signal }) => call(routes.webhookList, { query: { brand_id: brandId, page: 1, per_page: 100 }, signal }),
    enabled: brandId > 0,
  });
}

export function useDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) => call(routes.webhookDeliveries, { params: { id }, query: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.state === 'pending') ? PENDING_POLL_MS : false),
  });
}

type CreateBody = RouteBody<'webhookCreate'>;
type UpdateBody = RouteBody<'webhookUpdate'>;

/** Creates (answering the secret, this once) or changes a subscription. */
export function useSaveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: number; body: CreateBody }): Promise<{ webhook: Webhook; secret?: string }> => {
      if (v.id === undefined) return call(routes.webhookCreate, { body: v.body });
      const { brand_id: _brand, ...body } = v.body;
      return call(routes.webhookUpdate, { params: { id: v.id }, body: body as UpdateBody });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** One of the actions on a subscription, by name; each refreshes the lists. */
export function useWebhookAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: {
      kind: 'delete' | 'rotate' | 'enable' | 'test' | 'redeliver';
      id: number;
      deliveryId?: number;
    }): Promise<{ secret?: string }> => {
      const params = { id: a.id };
      switch (a.kind) {
        case 'delete':
          await call(routes.webhookDelete, { params });
          return {};
        case 'rotate':
          return call(routes.webhookRotate, { params });
        case 'enable':
          await call(routes.webhookEnable, { params });
          return {};
        case 'test':
          await call(routes.webhookTest, { params });
          return {};
        case 'redeliver':
          await call(routes.webhookRedeliver, { params: { id: a.id, deliveryId: a.deliveryId! } });
          return {};
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
