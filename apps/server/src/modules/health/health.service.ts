import { Redis } from 'ioredis';
import { unavailable } from '../../http/unavailable.js';
import type { Deps } from '../../deps/deps.js';

/** How long a readiness probe waits on one dependency before calling it down. */
const PROBE_MS = 2000;

/** Rejects when `p` has not settled within `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Readiness for load balancers and orchestrators: can this process serve requests now? */
export function healthService(deps: Pick<Deps, 'repos' | 'handle' | 'config' | 'log'>) {
  const repo = deps.repos.health;
  // Its own connection, failing fast: the job queue's connection waits for Redis forever by design.
  let redis: Redis | undefined;
  const redisClient = (url: string) => {
    if (!redis) {
      redis = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        connectTimeout: PROBE_MS,
        retryStrategy: () => null,
      });
      redis.on('error', () => undefined);
    }
    return redis;
  };

  async function redisUp(url: string): Promise<boolean> {
    const client = redisClient(url);
    try {
      if (client.status !== 'ready') {
        // A closed client cannot reconnect: start a new one for this probe.
        if (client.status === 'end') {
          redis = undefined;
          return redisUp(url);
        }
        if (client.status === 'wait') await within(client.connect(), PROBE_MS);
      }
      await within(client.ping(), PROBE_MS);
      return true;
    } catch (err) {
      deps.log.warn({ err }, 'readiness: Redis does not answer');
      client.disconnect();
      redis = undefined;
      return false;
    }
  }

  return {
    async ready() {
      const url = deps.config.redis?.url;
      const [database, queue] = await Promise.all([
        within(repo.ping(), PROBE_MS).then(
          () => true,
          (err: unknown) => {
            deps.log.warn({ err }, 'readiness: the database does not answer');
            return false;
          },
        ),
        url ? redisUp(url) : Promise.resolve(null),
      ]);
      if (!database || queue === false) throw unavailable();
      return {
        status: 'ready' as const,
        database: 'up' as const,
        redis: queue ? ('up' as const) : ('absent' as const),
      };
    },
    close() {
      redis?.disconnect();
      redis = undefined;
    },
  };
}
