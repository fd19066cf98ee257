import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, StreamLimiter } from '@tus/server';
import type { CancellationContext, Server, Upload } from '@tus/server';

type PatchHandler = Server['handlers']['PATCH'];
type PatchCtor = new (store: Server['datastore'], options: Server['options']) => PatchHandler;
type NodeReq = { runtime?: { node?: { req?: IncomingMessage } } };

/**
 * Swaps the tus PATCH handler for one that gives the data store the Node request itself. The stock
 * handler reads the body as a web stream (srvx's `Readable.toWeb(req)`) and turns it back into a
 * Node stream (`Readable.fromWeb`): two adapters and a promise per 64 KB chunk, on the thread that
 * also receives. Everything else (offset, length and expiry checks, locking, hooks) is tus's own.
 */
export function useNodeBodiesForPatch(tus: Server): void {
  const Base = tus.handlers.PATCH.constructor as PatchCtor;
  const bodies = new WeakMap<CancellationContext, IncomingMessage>();

  class NodePatchHandler extends Base {
    override async send(req: Request, context: CancellationContext, headers?: Headers): Promise<Response> {
      const raw = (req as NodeReq).runtime?.node?.req;
      if (raw) {
        bodies.set(context, raw);
        // Never build the web body: it would take the request's 'data' events for itself.
        Object.defineProperty(req, 'body', { value: null, configurable: true });
      }
      return super.send(req, context, headers);
    }

    /** BaseHandler.writeToStore with the Node request as the source instead of `fromWeb(body)`. */
    protected override async writeToStore(
      webStream: ReadableStream | null,
      upload: Upload,
      maxFileSize: number,
      context: CancellationContext,
    ): Promise<number> {
      const raw = bodies.get(context);
      if (!raw) return super.writeToStore(webStream, upload, maxFileSize, context);
      if (context.signal.aborted) throw ERRORS.ABORTED;
      // A proxy, as in tus: a failing store must not destroy the request (the client still gets
      // an answer), and an abort ends the body early (what arrived is kept) rather than failing it.
      const proxy = new PassThrough({ highWaterMark: 1024 * 1024 });
      let sourceError: unknown;
      let writing: Promise<number> | undefined;
      const onError = (err: unknown) => {
        sourceError = err;
        raw.unpipe(proxy);
        if (!context.signal.aborted) proxy.destroy(err as Error);
      };
      raw.on('error', onError);
      const onAbort = () => {
        raw.unpipe(proxy);
        if (!proxy.destroyed) proxy.end();
      };
      context.signal.addEventListener('abort', onAbort, { once: true });
      try {
        // pipeline hands the last stream (the limiter, a Readable) to the function.
        const write = (source: AsyncIterable<Buffer>) =>
          (writing = this.store.write(source as unknown as Readable, upload.id, upload.offset));
        return await pipeline(raw.pipe(proxy), new StreamLimiter(maxFileSize), write);
      } catch (err) {
        raw.unpipe(proxy);
        // The store's own failure (a full disk), not the AbortError its early exit gave the limiter.
        const storeError = await writing?.then(
          () => undefined,
          (e: unknown) => e,
        );
        if (storeError !== undefined) throw storeError;
        const aborted = err instanceof Error && err.name === 'AbortError';
        throw (sourceError !== undefined && err === sourceError) || aborted ? ERRORS.ABORTED : err;
      } finally {
        raw.off('error', onError);
        context.signal.removeEventListener('abort', onAbort);
      }
    }
  }

  tus.handlers.PATCH = new NodePatchHandler(tus.datastore, tus.options);
}
