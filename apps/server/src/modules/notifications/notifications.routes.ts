import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

/** Where a reconnecting stream resumes: the Last-Event-ID header (EventSource's) or `?last_id=`. */
function lastIdOf(req: FastifyRequest): number | null {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.last_id;
  const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export function notificationsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.notificationList, ({ ctx, query }) => s.notifications.list(ctx, query));
  mount(app, m, routes.notificationUnread, ({ ctx }) => s.notifications.unread(ctx));
  mount(app, m, routes.notificationRead, ({ ctx, params }) => s.notifications.read(ctx, params.id));
  mount(app, m, routes.notificationReadAll, ({ ctx }) => s.notifications.readAll(ctx));
  mount(app, m, routes.notificationStream, ({ ctx, req }) => s.notifications.stream(ctx, lastIdOf(req)));
  mount(app, m, routes.notificationSettings, ({ ctx }) => s.notifications.settings(ctx));
  mount(app, m, routes.notificationSettingsUpdate, ({ ctx, body }) => s.notifications.updateSettings(ctx, body));
}
