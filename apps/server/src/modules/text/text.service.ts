import type { AssetText, TextPage } from '@brandvault/contract';
import type { Deps } from '../../deps/deps.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { textSourceOf } from './text.source.js';

/** Text found inside files (issue 42 §1): as visible as the asset (404 otherwise). */
export function textService(deps: Deps) {
  async function read(ctx: RequestContext, id: number) {
    const [asset] = await requireAccess(deps.repos, {
      actor: ctx.actor,
      permission: 'view',
      kind: assetAccess,
      ids: [id],
    });
    const row = await deps.repos.text.byAsset(id);
    return { asset: asset!, row: row && row.rev === asset!.derivative_rev ? row : null };
  }

  return {
    async text(ctx: RequestContext, id: number): Promise<{ text: AssetText }> {
      const { asset, row } = await read(ctx, id);
      if (row)
        return {
          text: {
            state: row.state as AssetText['state'],
            reason: row.reason,
            source: row.source as AssetText['source'],
            text: row.text,
            pages: JSON.parse(row.pages) as TextPage[],
          },
        };
      // Not read yet: pending while its text applies, or while a video may still get its poster.
      const source = textSourceOf(asset);
      const waiting = source !== null || (asset.type === 'video' && asset.derivatives === 'pending');
      return { text: { state: waiting ? 'pending' : 'none', reason: null, source, text: '', pages: [] } };
    },

    /** The text as a UTF-8 .txt named after the asset; empty until the text has been read. */
    async download(ctx: RequestContext, id: number) {
      const { asset, row } = await read(ctx, id);
      const body = Buffer.from(row?.text ? `${row.text}\n` : '', 'utf8');
      const base = asset.name.replace(/\.[^.]*$/, '') || asset.name;
      return new FileAnswer(
        200,
        {
          ...fileSafetyHeaders(),
          'content-type': 'text/plain; charset=utf-8',
          'content-length': body.length,
          'content-disposition': contentDisposition(`${base}.txt`),
          'cache-control': 'private, no-store',
        },
        body,
      );
    },
  };
}
export type TextService = ReturnType<typeof textService>;

declare module '../../deps/services.js' {
  interface Services {
    text: TextService;
  }
}
