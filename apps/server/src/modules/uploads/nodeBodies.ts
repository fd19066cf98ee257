import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, StreamLimiter } from '@tus/server';
import type { CancellationContext, Server, Upload } from '@tus/server';

// Both extend tus's BaseHandler, whose `send` and `writeToStore` are what is replaced.
type BodyHandler = Server['handlers']['PATCH'] | Server['handlers']['POST'];
type BaseCtor = new (store: Server['datastore'], options: Server['options']) => Server['handlers']['PATCH'];
type NodeReq = { runtime?: { node?: { req?: IncomingMessage } } };

/**
 * Swaps the tus PATCH and POST handlers for ones that give the data store the Node request itself
 * (POST has a body with creation-with-upload, which the web app uses for small files). The stock
 * handlers read the body as a web stream (srvx's `Readable.toWeb(req)`) and turn it back into a
 * Node stream (`Readable.fromWeb`): two adapters and a promise per 64 KB chunk, on the thread that
 * also receives. Everything else (offset, length and expiry checks, locking, hooks) is tus's own.
 */
export function useNodeBodies(tus: Server): void {
  tus.handlers.PATCH = withNodeBody(tus.handlers.PATCH, tus);
  tus.handlers.POST = withNodeBody(tus.handlers.POST, tus);
}

function withNodeBody<H extends BodyHandler>(stock: H, tus: Server): H {
  const Base = stock.constructor as BaseCtor;
  const bodies = new WeakMap<CancellationContext, IncomingMessage>();
  const created = new WeakMap<CancellationContext, string>();

  class NodeBodyHandler extends Base {
    override async send(req: Request, context: CancellationContext, headers?: Headers): Promise<Response> {
      const raw = (req as NodeReq).runtime?.node?.req;
      if (raw) {
        bodies.set(context, raw);
        // Never build the web body: it would take the request's 'data' events for itself.
        Object.defineProperty(req, 'body', { value: null, configurable: true });
      }
      if (req.method === 'POST') created.set(context, '');
      const res = await super.send(req, context, headers);
      // A POST that carried the whole file answers 200 with its result; tus clients still want
      // the upload's Location on any creation answer.
      const id = created.get(context);
      if (id && !res.headers.has('location')) res.headers.set('Location', this.generateUrl(req, id));
      return res;
    }

    protected override async writeToStore(
      webStream: ReadableStream | null,
      upload: Upload,
      maxFileSize: number,
      context: CancellationContext,
    ): Promise<number> {
      const offset = await this.writeBody(webStream, upload, maxFileSize, context);
      if (created.has(context)) {
        created.set(context, upload.id);
        // Finished with its POST, the upload is gone once answered: tus must not look it up again
        // to tell its expiry (it would answer 404 for an asset that was made).
        if (offset === upload.size) upload.creation_date = undefined;
      }
      return offset;
    }

    /** BaseHandler.writeToStore with the Node request as the source instead of `fromWeb(body)`. */
    private async writeBody(
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

  return new NodeBodyHandler(tus.datastore, tus.options) as unknown as H;
}
