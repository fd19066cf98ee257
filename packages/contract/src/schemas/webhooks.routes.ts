import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams, PageQuery } from './common.js';
import {
  WebhookBody,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookDeliveryResponse,
  WebhookList,
  WebhookListQuery,
  WebhookResponse,
  WebhookSecretResponse,
  WebhookUpdateBody,
} from './webhooks.js';

/**
 * Webhook subscriptions of a brand (issue 41 §4), for its managers: brand.manage (administrators,
 * every brand) or asset.manage within a brand they belong to. Others get 404 on the brand.
 * An address that is not HTTPS, or that resolves to a private one, is a 422 on `url`.
 */
export const webhooksRoutes = {
  webhookList: def({
    method: 'GET',
    path: '/api/brand/webhook/list',
    access: { permission: 'asset.manage' },
    summary: "A brand's webhook subscriptions, with their last delivery",
    query: WebhookListQuery,
    response: WebhookList,
  }),
  webhookCreate: def({
    method: 'POST',
    path: '/api/brand/webhook',
    access: { permission: 'asset.manage' },
    summary: 'Subscribe an HTTPS address to events of a brand; answers the signing secret, this once',
    body: WebhookBody,
    response: WebhookSecretResponse,
    status: 201,
  }),
  webhookGet: def({
    method: 'GET',
    path: '/api/brand/webhook/:id',
    access: { permission: 'asset.manage' },
    summary: 'One webhook subscription',
    params: IdParams,
    response: WebhookResponse,
  }),
  webhookUpdate: def({
    method: 'PUT',
    path: '/api/brand/webhook/:id',
    access: { permission: 'asset.manage' },
    summary: "Change a subscription's address, events or description",
    params: IdParams,
    body: WebhookUpdateBody,
    response: WebhookResponse,
  }),
  webhookDelete: def({
    method: 'DELETE',
    path: '/api/brand/webhook/:id',
    access: { permission: 'asset.manage' },
    summary: 'Delete a subscription and its delivery history',
    params: IdParams,
    response: z.object({ message: z.string() }),
  }),
  webhookRotate: def({
    method: 'POST',
    path: '/api/brand/webhook/:id/rotate',
    access: { permission: 'asset.manage' },
    summary: 'A new signing secret (answered once); the previous one also signs for a day',
    params: IdParams,
    response: WebhookSecretResponse,
  }),
  webhookEnable: def({
    method: 'POST',
    path: '/api/brand/webhook/:id/enable',
    access: { permission: 'asset.manage' },
    summary: 'Turn a disabled subscription back on (its failure count starts again)',
    params: IdParams,
    response: WebhookResponse,
  }),
  webhookTest: def({
    method: 'POST',
    path: '/api/brand/webhook/:id/test',
    access: { permission: 'asset.manage' },
    summary: 'Send a test event (webhook.test) now, as a job',
    params: IdParams,
    response: WebhookDeliveryResponse,
    status: 202,
  }),
  webhookDeliveries: def({
    method: 'GET',
    path: '/api/brand/webhook/:id/deliveries',
    access: { permission: 'asset.manage' },
    summary: 'Delivery attempts of a subscription, newest first',
    params: IdParams,
    query: PageQuery,
    response: WebhookDeliveryList,
  }),
  webhookRedeliver: def({
    method: 'POST',
    path: '/api/brand/webhook/:id/deliveries/:deliveryId/redeliver',
    access: { permission: 'asset.manage' },
    summary: 'Send a delivered or failed event again (same webhook-id, a new attempt)',
    params: WebhookDeliveryParams,
    response: WebhookDeliveryResponse,
    status: 202,
  }),
};
