import { z } from 'zod';
import { ErrorBody, PRODUCT_NAME, routes } from '@brandvault/contract';
import type { RouteDef } from '@brandvault/contract';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** The OpenAPI document, made from the contract's route table (served at /api/docs). */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, r] of Object.entries(routes) as [string, RouteDef][]) {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const params: unknown[] = [];
    for (const [where, s] of [
      ['path', r.params],
      ['query', r.query],
    ] as const) {
      const js = s ? (schema(s, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : null;
      for (const [key, value] of Object.entries(js?.properties ?? {})) {
        params.push({
          name: key,
          in: where,
          required: where === 'path' || !!js?.required?.includes(key),
          schema: value,
        });
      }
    }
    const access = typeof r.access === 'string' ? r.access : JSON.stringify(r.access);
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: name,
      summary: r.summary,
      description: `Access: ${access}${r.rateLimit ? `; at most ${r.rateLimit.max} calls a minute` : ''}`,
      parameters: params,
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } } }
        : {}),
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Success',
          ...(r.status === 204 ? {} : { content: { 'application/json': { schema: schema(r.response, 'output') } } }),
        },
        default: { description: 'Error', content: { 'application/json': { schema: schema(ErrorBody, 'output') } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
