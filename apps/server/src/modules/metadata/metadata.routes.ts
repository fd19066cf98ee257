import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function metadataRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const f = s.metadataFields;
  const v = s.vocabularies;
  const o = s.metadataOptions;
  mount(app, m, routes.metadataFieldList, ({ ctx, params }) => f.list(ctx, params.id));
  mount(app, m, routes.metadataFieldCreate, ({ ctx, params, body }) => f.create(ctx, params.id, body));
  mount(app, m, routes.metadataFieldReorder, ({ ctx, params, body }) => f.reorder(ctx, params.id, body.ids));
  mount(app, m, routes.metadataFieldUpdate, ({ ctx, params, body }) => f.update(ctx, params.id, body));
  mount(app, m, routes.metadataFieldDelete, ({ ctx, params, query }) =>
    f.remove(ctx, params.id, query.confirm === 'true'),
  );
  mount(app, m, routes.vocabularyList, ({ ctx, params }) => v.list(ctx, params.id));
  mount(app, m, routes.keywordSuggestions, ({ ctx, params, query }) => v.keywords(ctx, params.id, query.prefix));
  mount(app, m, routes.vocabularyCreate, ({ ctx, params, body }) => v.create(ctx, params.id, body));
  mount(app, m, routes.vocabularyRename, ({ ctx, params, body }) => v.rename(ctx, params.id, body.name));
  mount(app, m, routes.vocabularyDelete, ({ ctx, params }) => v.remove(ctx, params.id));
  mount(app, m, routes.vocabularyOptions, ({ ctx, params }) => v.options(ctx, params.id));
  mount(app, m, routes.optionCreate, ({ ctx, params, body }) => o.add(ctx, params.id, body));
  mount(app, m, routes.optionImport, ({ ctx, params, body, files }) => o.import(ctx, params.id, body.text, files));
  mount(app, m, routes.optionRename, ({ ctx, params, body }) => o.rename(ctx, params.id, body));
  mount(app, m, routes.optionMove, ({ ctx, params, body }) => o.move(ctx, params.id, body.parent_id, body.position));
  mount(app, m, routes.optionMerge, ({ ctx, params, body }) => o.merge(ctx, params.id, body.into));
  mount(app, m, routes.optionRetire, ({ ctx, params, body }) => o.retire(ctx, params.id, body.retired));
  mount(app, m, routes.assetFieldValues, ({ ctx, params }) => s.fieldValues.get(ctx, params.id));
  mount(app, m, routes.embedMappingGet, ({ ctx, params }) => s.embedMapping.get(ctx, params.id));
  mount(app, m, routes.embedMappingSet, ({ ctx, params, body }) => s.embedMapping.set(ctx, params.id, body));
  mount(app, m, routes.assetFieldValuesSet, ({ ctx, params, body }) => s.fieldValues.set(ctx, params.id, body.values));
}
