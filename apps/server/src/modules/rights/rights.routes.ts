import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function rightsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.licenceList, ({ ctx, params, query }) => s.rights.listLicences(ctx, params.id, query));
  mount(app, m, routes.licenceCreate, ({ ctx, params, body }) => s.rights.createLicence(ctx, params.id, body));
  mount(app, m, routes.licenceExport, ({ ctx, params }) => s.rightsDocuments.exportLicences(ctx, params.id));
  mount(app, m, routes.licenceGet, ({ ctx, params }) => s.rights.getLicence(ctx, params.id));
  mount(app, m, routes.licenceUpdate, ({ ctx, params, body }) => s.rights.updateLicence(ctx, params.id, body));
  mount(app, m, routes.licenceDelete, ({ ctx, params }) => s.rights.deleteLicence(ctx, params.id));
  mount(app, m, routes.licenceDocumentUpload, ({ ctx, params, files }) =>
    s.rightsDocuments.attachToLicence(ctx, params.id, files),
  );
  mount(app, m, routes.licenceAssetsLink, ({ ctx, params, body }) =>
    s.assetRights.linkLicence(ctx, params.id, body.asset_ids),
  );
  mount(app, m, routes.consentList, ({ ctx, params, query }) => s.rights.listConsents(ctx, params.id, query));
  mount(app, m, routes.consentCreate, ({ ctx, params, body }) => s.rights.createConsent(ctx, params.id, body));
  mount(app, m, routes.consentExport, ({ ctx, params }) => s.rightsDocuments.exportConsents(ctx, params.id));
  mount(app, m, routes.consentGet, ({ ctx, params }) => s.rights.getConsent(ctx, params.id));
  mount(app, m, routes.consentUpdate, ({ ctx, params, body }) => s.rights.updateConsent(ctx, params.id, body));
  mount(app, m, routes.consentDelete, ({ ctx, params }) => s.rights.deleteConsent(ctx, params.id));
  mount(app, m, routes.consentDocumentUpload, ({ ctx, params, files }) =>
    s.rightsDocuments.attachToConsent(ctx, params.id, files),
  );
  mount(app, m, routes.rightsDocumentGet, ({ ctx, params }) => s.rightsDocuments.download(ctx, params.id));
  mount(app, m, routes.rightsDocumentDelete, ({ ctx, params }) => s.rightsDocuments.remove(ctx, params.id));
  mount(app, m, routes.assetRightsGet, ({ ctx, params }) => s.assetRights.get(ctx, params.id));
  mount(app, m, routes.assetRightsUpdate, ({ ctx, params, body }) => s.assetRights.update(ctx, params.id, body));
}
