import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Registry } from 'prom-client';

const ASK = 'brandvault:metrics?';
const ANSWER = 'brandvault:metrics';

interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  contentType?: string;
  error?: string;
}

/**
 * In the primary of a multi-process server: a scrape lands on one process, which asks here for
 * every process's figures, gathered by prom-client (counters and histograms summed, the gauges
 * read from the shared database taken once).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, msg: { type?: string; id?: string }) => {
    if (msg?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: msg.id, text, contentType: aggregator.contentType }),
      (err: Error) => worker.send({ type: ANSWER, id: msg.id, error: err.message }),
    );
  });
}

const waiting = new Map<string, (a: Answer) => void>();
let joined = false;

/** In a server process of a cluster: offers `registries` to the primary; elsewhere does nothing. */
export function joinClusterMetrics(registries: Registry[]): boolean {
  if (!cluster.isWorker) return false;
  AggregatorRegistry.setRegistries(registries);
  if (!joined) {
    joined = true;
    // Made once for its side effect: prom-client answers the primary's requests only after.
    new AggregatorRegistry();
    process.on('message', onAnswer);
  }
  return true;
}

function onAnswer(msg: unknown) {
  const a = msg as Answer;
  if (a?.type === ANSWER) waiting.get(a.id)?.(a);
}

/** Every process's metrics, through the primary. */
export function askClusterMetrics(timeoutMs = 10_000): Promise<{ contentType: string; text: string }> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the cluster primary did not answer with metrics'));
    }, timeoutMs);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (a.text !== undefined) resolve({ contentType: a.contentType ?? 'text/plain', text: a.text });
      else reject(new Error(a.error ?? 'no metrics'));
    });
    process.send!({ type: ASK, id });
  });
}
