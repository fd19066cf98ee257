import type { ExtensionCreateBody, ExtensionQuery, Lang, Status } from '@brandvault/contract';
import { USERS_PER_PAGE, isDangerousMime } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { extensionInfo } from '../../media/index.js';
import { assetTypeForMime } from '../../media/types.js';
import type { Deps } from '../../deps/deps.js';
import { created } from '../audit/audit.trail.js';
import { extensionsPolicy } from './extensions.policy.js';
import { extensionView } from './extensions.view.js';
import type { ExtensionRow } from './extensions.view.js';

const WARNING: Record<Lang, string> = {
  en: 'Files of this type can run code when opened: anyone who can upload could use them to attack the people who open them.',
  es: 'Los archivos de este tipo pueden ejecutar código al abrirse: quien pueda subirlos podría usarlos para atacar a quien los abra.',
};

const target = (e: { id: number; name: string }) => ({ type: 'extension', id: e.id, label: e.name }) as const;

const TYPE_ORDER = ['image', 'video', 'document', 'audio'];

export function extensionsService(deps: Deps) {
  const { clock } = deps;
  const repo = deps.repos.extensions;
  const now = () => iso(clock.now());

  /** The answer to a change: the row, and the warning when an active type can run code. */
  const answer = (row: ExtensionRow, lang: Lang) => ({
    extension: extensionView(row),
    warning: row.status === 'ACTIVE' && isDangerousMime(row.mime_type) ? WARNING[lang] : null,
  });

  async function found(id: number) {
    const row = await repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /**
     * Every active type, names only: an uploader learns what the dialog will take, nothing more.
     * Pictures first, then video, documents, audio and the rest, as brand teams upload them.
     */
    async allowed() {
      const rank = (type: string) => {
        const i = TYPE_ORDER.indexOf(type);
        return i === -1 ? TYPE_ORDER.length : i;
      };
      const items = await repo.active();
      items.sort((a, b) => rank(a.asset_type) - rank(b.asset_type) || a.name.localeCompare(b.name));
      return { items };
    },

    async list(ctx: RequestContext, q: z.output<typeof ExtensionQuery>) {
      authorize(extensionsPolicy.can(ctx.actor, 'view'));
      const perPage = q.per_page ?? USERS_PER_PAGE;
      const { total, items } = await repo.page({ q: q.q, status: q.status }, q.page, perPage);
      return { items: items.map(extensionView), total, page: q.page, per_page: perPage };
    },

    async create(ctx: RequestContext, body: z.output<typeof ExtensionCreateBody>) {
      authorize(extensionsPolicy.can(ctx.actor, 'create'));
      // A known extension keeps its own asset type; a new one takes its family from the MIME type.
      const assetType = extensionInfo(body.name)?.assetType ?? assetTypeForMime(body.mime_type);
      const id = await deps.change(ctx, async (u) => {
        const id = await u.repos.extensions.insert({ ...body, asset_type: assetType, at: now() });
        await u.audit({
          event: 'extension.create',
          target: target({ id, name: body.name }),
          changes: created({ name: body.name, mime_type: body.mime_type, status: body.status }),
        });
        return id;
      });
      return answer(await found(id), ctx.lang);
    },

    async changeStatus(ctx: RequestContext, id: number, status: Status) {
      authorize(extensionsPolicy.can(ctx.actor, 'change_status'));
      const row = await found(id);
      if (row.status !== status) {
        await deps.change(ctx, async (u) => {
          await u.repos.extensions.setStatus(id, status, now());
          await u.audit({
            event: 'extension.status',
            target: target(row),
            changes: { status: { before: row.status, after: status } },
          });
        });
      }
      return answer(await found(id), ctx.lang);
    },
  };
}
export type ExtensionsService = ReturnType<typeof extensionsService>;

declare module '../../deps/services.js' {
  interface Services {
    extensions: ReturnType<typeof extensionsService>;
  }
}
