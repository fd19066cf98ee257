import type { UnitOfWork } from '../../deps/deps.js';
import { assetTarget, changesOf } from '../audit/audit.trail.js';
import { parseList } from './assets.view.js';

/**
 * Adds a keyword to an asset inside `u`, as an edit of its keywords does (assets.service `edit`):
 * the row (search rows follow by trigger), the `asset.update` entry with the keywords before and
 * after, and `asset.updated` for webhooks. Read inside the transaction, so a concurrent edit is
 * not lost. A keyword the asset already has (case aside) changes nothing: false.
 */
export async function addKeyword(u: UnitOfWork, assetId: number, word: string, now: string): Promise<boolean> {
  const a = await u.repos.assets.byId(assetId);
  if (!a) return false;
  const before = parseList(a.keywords);
  if (before.some((k) => k.toLowerCase() === word.toLowerCase())) return false;
  const keywords = [...before, word];
  await u.repos.assets.update(assetId, { keywords: JSON.stringify(keywords), updated_at: now });
  await u.audit({
    event: 'asset.update',
    target: assetTarget(a),
    changes: changesOf({ keywords: before }, { keywords }, ['keywords']),
  });
  await u.emit('asset.updated', { assetId, brandId: a.brand_id });
  return true;
}
