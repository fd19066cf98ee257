import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function reportsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.reportUsers, ({ ctx, query }) => s.reports.usersReport(ctx, query));
  mount(app, m, routes.reportAssetTemplate, ({ ctx, body }) => s.reports.assetTemplate(ctx, body));
  mount(app, m, routes.reportAssetTemplateSend, ({ ctx, body }) => s.reports.sendAssetTemplate(ctx, body));
  mount(app, m, routes.reportUserTemplateSend, ({ ctx, body }) => s.reports.sendUserTemplate(ctx, body));
  mount(app, m, routes.reportAuditTemplate, ({ ctx, body }) => s.reports.auditReport(ctx, body));
  mount(app, m, routes.reportAssetTemplateUpdate, ({ ctx, files }) => s.reports.upload(ctx, 'assets', files));
  mount(app, m, routes.reportUserTemplateUpdate, ({ ctx, files }) => s.reports.upload(ctx, 'users', files));
  mount(app, m, routes.importList, ({ ctx, query }) => s.imports.list(ctx, query));
  mount(app, m, routes.importGet, ({ ctx, params }) => s.imports.get(ctx, params.id));
  mount(app, m, routes.importRows, ({ ctx, params, query }) => s.imports.rows(ctx, params.id, query));
  mount(app, m, routes.importApply, ({ ctx, params, body }) => s.imports.apply(ctx, params.id, body));
  mount(app, m, routes.importCancel, ({ ctx, params }) => s.imports.cancel(ctx, params.id));
  mount(app, m, routes.importResult, ({ ctx, params }) => s.imports.result(ctx, params.id));
}
