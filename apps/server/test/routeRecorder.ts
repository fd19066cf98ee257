import type { FastifyInstance } from 'fastify';

/**
 * Records every route a Fastify app registers (an onRoute hook) and every error a request threw
 * (an onError hook), through hooks added the moment the app is created. The app factory
 * registers its routes before it returns, so a hook added afterwards would see none: tests swap
 * the `fastify` module for this wrapper with
 * `vi.mock('fastify', async (orig) => (await import('../../test/routeRecorder.js')).recordingFastify(await orig()))`.
 */
const registered = new WeakMap<FastifyInstance, { method: string | string[]; url: string }[]>();
const thrown = new WeakMap<FastifyInstance, Map<string, string>>();

type FastifyModule = { default: (...args: never[]) => FastifyInstance };

export function recordingFastify<M extends FastifyModule>(mod: M): M {
  const make = (...args: never[]) => {
    const app = mod.default(...args);
    const list: { method: string | string[]; url: string }[] = [];
    const errors = new Map<string, string>();
    registered.set(app, list);
    thrown.set(app, errors);
    app.addHook('onRoute', (r) => void list.push({ method: r.method, url: r.url ?? r.path }));
    app.addHook('onError', async (req, _reply, err) => {
      const where = err.stack?.split('\n').find((l) => l.includes('/src/')) ?? '';
      errors.set(req.id, `${err.name}: ${err.message.slice(0, 300)} ${where.trim()}`);
    });
    return app;
  };
  return { ...mod, default: make, fastify: make };
}

/**
 * The app's routes as 'METHOD /path' keys. A route registered for many methods at once
 * (`app.all`, the tus endpoint) is one 'ALL /path' key; the HEAD twin Fastify adds to each GET is
 * left out, since it runs the GET handler.
 */
export function routeKeys(app: FastifyInstance): string[] {
  const list = registered.get(app);
  if (!list) throw new Error('routeKeys: the app was not created through recordingFastify (vi.mock missing?)');
  const keys = new Set<string>();
  for (const r of list) {
    if (Array.isArray(r.method) && r.method.length > 1) keys.add(`ALL ${r.url}`);
    else for (const m of [r.method].flat()) keys.add(`${m} ${r.url}`);
  }
  for (const k of [...keys]) if (k.startsWith('HEAD ') && keys.has(`GET ${k.slice(5)}`)) keys.delete(k);
  return [...keys].sort();
}

/** What a request threw, by its id (the x-request-id header), as name, message and first own frame. */
export const thrownBy = (app: FastifyInstance, requestId: string) => thrown.get(app)?.get(requestId);
