import type { Build } from './authzCalls.js';

/** The matrix's calls of brand A's embedded-metadata mapping (issue 39 §4). */
export const embedMappingCalls: Record<string, Build> = {
  'GET /api/ops/brand/:id/metadata/mapping': (w) => ({
    method: 'GET',
    url: `/api/ops/brand/${w.A.id}/metadata/mapping`,
  }),
  'PUT /api/ops/brand/:id/metadata/mapping': (w) => ({
    method: 'PUT',
    url: `/api/ops/brand/${w.A.id}/metadata/mapping`,
    body: { items: [] },
  }),
};
