import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import { FileAnswer } from '../../lib/fileAnswer.js';
import type { MetricsService } from './metrics.service.js';

export function metricsRoutes(app: FastifyInstance, m: MountDeps, metrics: MetricsService) {
  mount(app, m, routes.metrics, async ({ ctx, req }) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    const { contentType, text } = await metrics.scrape(ctx, { bearer, forwarded });
    return new FileAnswer(200, { 'content-type': contentType, 'cache-control': 'no-store' }, text);
  });
}
