import type { z } from 'zod';
import { ErrorBody, PRODUCT_NAME, routes } from '@brandvault/contract';
import type { RouteDef } from '@brandvault/contract';
import { SchemaComponents } from './openapi.schemas.js';
import { tusPaths } from './openapi.tus.js';

type Json = Record<string, unknown>;
const FILE = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };

/** Path and query parameters of a route, one per property of its schemas. */
function parameters(c: SchemaComponents, r: RouteDef) {
  const params: unknown[] = [];
  for (const [where, s] of [
    ['path', r.params],
    ['query', r.query],
  ] as const) {
    const js = s ? (c.convert(s, 'input') as { properties?: Json; required?: string[] }) : null;
    for (const [key, value] of Object.entries(js?.properties ?? {}))
      params.push({ name: key, in: where, required: where === 'path' || !!js?.required?.includes(key), schema: value });
  }
  return params;
}

/**
 * A route's request body: JSON, or for multipart routes the form's parts (its fields and its
 * files, binary; a `stream` route's files may repeat). Form routes take JSON without files too.
 */
function requestBody(c: SchemaComponents, r: RouteDef) {
  const json = r.body ? c.convert(r.body, 'input') : null;
  if (!r.multipart) return json ? { required: true, content: { 'application/json': { schema: json } } } : null;
  const fields = (r.body ?? r.fields) as z.ZodType | undefined;
  const form = fields ? (c.convert(fields, 'input') as { properties?: Json; required?: string[] }) : {};
  const files = Object.fromEntries(
    (r.files ?? []).map((f) => [f, r.multipart === 'stream' && r.manyFiles ? { type: 'array', items: FILE } : FILE]),
  );
  const schema = {
    type: 'object',
    properties: { ...form.properties, ...files },
    required: [...(form.required ?? []), ...(r.multipart === 'stream' && !r.manyFiles ? (r.files ?? []) : [])],
  };
  return {
    required: true,
    content: {
      'multipart/form-data': { schema },
      ...(json && r.multipart === 'form' ? { 'application/json': { schema: json } } : {}),
    },
  };
}

/** A JSON answer, or a file for routes that answer with one. */
const responseContent = (c: SchemaComponents, r: RouteDef) =>
  r.raw
    ? { 'application/octet-stream': { schema: FILE } }
    : { 'application/json': { schema: c.convert(r.response, 'output') } };

/** The OpenAPI document, made from the contract's route table (served at /api/docs). */
export function openApiDocument() {
  const c = new SchemaComponents();
  c.schemas.ErrorBody = c.convert(ErrorBody, 'output');
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
  const paths: Record<string, Json> = {};
  for (const [name, r] of Object.entries(routes) as [string, RouteDef][]) {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const access = typeof r.access === 'string' ? r.access : JSON.stringify(r.access);
    const body = requestBody(c, r);
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: name,
      summary: r.summary,
      description: `Access: ${access}${r.sessionOnly ? ' (a signed-in session only, never an API key)' : ''}${r.rateLimit ? `; at most ${r.rateLimit.max} calls a minute` : ''}`,
      ...(r.sessionOnly ? { security: [{ bearer: [] }] } : {}),
      parameters: parameters(c, r),
      ...(body ? { requestBody: body } : {}),
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Success',
          ...(r.status === 204 ? {} : { content: responseContent(c, r) }),
        },
        default: error,
      },
    };
  }
  Object.assign(paths, tusPaths(c));
  return {
    openapi: '3.1.0',
    info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
    components: {
      schemas: c.schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token a sign-in (`POST /api/login`) answers with.',
        },
        // Issue 41 §3: a key a person creates for scripts, acting with its scopes within their rights.
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'bv_<43 base64url characters><6 base62 checksum characters>',
          description:
            'An API key (`Authorization: Bearer bv_…`), made under the account’s API keys. It acts as its owner ' +
            'with its scopes within the owner’s current permissions, needs no XSRF header, and is refused on ' +
            'session-only operations (keys, sign-out, password, emulation).',
        },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
  };
}
