import type { Extension, Status } from '@brandvault/contract';
import { isDangerousMime } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { ExtensionsTable } from '../../db/schema.js';

export type ExtensionRow = Selectable<ExtensionsTable>;

export const extensionView = (r: ExtensionRow): Extension => ({
  id: Number(r.id),
  name: r.name,
  mime_type: r.mime_type,
  asset_type: r.asset_type,
  status: r.status as Status,
  dangerous: isDangerousMime(r.mime_type),
  updated_at: r.updated_at,
});
