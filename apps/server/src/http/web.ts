import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other non-API GET gets
 * index.html so the client router can take it.
 */
export async function serveWeb(app: FastifyInstance, dist: string) {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web build not found: only the API is served');
    return false;
  }
  // Loaded only when there is a build to serve (an API-only process never needs it).
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: dist,
    // Looked up per request, so a rebuild while the server runs serves the new chunks.
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    // The build writes .br and .gz beside each text file; the original stays for the rest.
    preCompressed: true,
    setHeaders(res, path) {
      // The same address answers br, gzip or plain: caches keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string) {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
}
