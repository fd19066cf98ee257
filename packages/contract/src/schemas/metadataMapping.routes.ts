import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { EmbedMapping, EmbedMappingBody } from './metadataMapping.js';

/** A brand's mapping of embedded metadata to its fields (issue 39 §4): read by who sees the brand. */
export const metadataMappingRoutes = {
  embedMappingGet: def({
    method: 'GET',
    path: '/api/ops/brand/:id/metadata/mapping',
    access: 'user',
    summary: "Which of a brand's fields each embedded source (IPTC, XMP) fills at upload",
    params: IdParams,
    response: EmbedMapping,
  }),
  embedMappingSet: def({
    method: 'PUT',
    path: '/api/ops/brand/:id/metadata/mapping',
    access: { permission: 'metadata.manage' },
    summary: "Set which of a brand's fields each embedded source fills (the whole mapping)",
    params: IdParams,
    body: EmbedMappingBody,
    response: EmbedMapping,
  }),
};
