import type { FieldValue } from '@brandvault/contract';
import type { Repos } from '../../deps/repos.js';
import { AppError } from '../../http/errors.js';
import type { OptionRow } from '../metadata/options.repo.js';
import { checkCarried } from '../metadata/values.carried.js';
import { valuesByKey } from '../metadata/values.check.js';
import type { ValueRow } from '../metadata/values.repo.js';
import type { FieldCatalog } from './assetTemplate.fields.js';
import type { Actor } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import type { AuditEvent } from '../audit/audit.trail.js';
import { assetTarget, userTarget } from '../audit/audit.trail.js';
import type { ASSET_EDITABLE } from './assetTemplate.js';
import { FIELDS_PATCH, assetPatch, assetValues, assetVersion } from './assetTemplate.js';
import type { AssetWrite, TemplateAsset } from './assetTemplate.repo.js';
import type { ImportRow as Import } from './reports.repo.js';
import { RowRefused, joinList } from './templateSheet.js';
import type { TemplateUser, UserPatch, UserRowContext } from './userTemplate.js';
import { checkUserRights, userValues, userVersion } from './userTemplate.js';

type Stored = { row_no: number; target_id: number | null; patch: string | null; version: string | null };
export type Outcome = { result: 'applied' | 'refused' | 'unchanged'; reason?: RowRefused };
const changesOf = (before: Record<string, string>, after: Record<string, string>) =>
  Object.fromEntries(Object.keys(after).map((k) => [k, { before: before[k], after: after[k] }]));

/** A row ready to be written with its batch (and its brand field rows), with its audit entry. */
export type AssetDecision = Outcome | { write: AssetWrite; event: AuditEvent; fieldRows: ValueRow[] | null };

/** The brand's fields for the rows of an import, and the values an asset holds now. */
export interface ApplyFields {
  catalog: FieldCatalog;
  options: ReadonlyMap<number, OptionRow>;
  held: readonly ValueRow[];
}

/**
 * Judges one previewed asset row as things are now (`a`, read just before): rights and brand
 * again, "unchanged" when the asset already has the values, a conflict when its values moved
 * since the export; otherwise the write, made with the batch (assetTemplateRepo.updateMany).
 */
export function decideAssetRow(
  c: { actor: Actor; imp: Import },
  r: Stored,
  a: TemplateAsset | undefined,
  fx?: ApplyFields,
): AssetDecision {
  if (!a || !assetsPolicy.can(c.actor, 'view', a)) return { result: 'refused', reason: new RowRefused('unknownId') };
  if (a.brand_id !== c.imp.brand_id) return { result: 'refused', reason: new RowRefused('otherBrand') };
  if (!assetsPolicy.can(c.actor, 'update', a)) return { result: 'refused', reason: new RowRefused('noRight') };
  const { [FIELDS_PATCH]: fieldPatch, ...rest } = JSON.parse(r.patch!) as Record<string, unknown>;
  const target = rest as Record<(typeof ASSET_EDITABLE)[number], string>;
  const before = assetValues(a);
  const changed = Object.fromEntries(Object.entries(target).filter(([k, v]) => before[k as keyof typeof before] !== v));
  // Brand fields whose value still differs from what the asset holds now.
  const fields = fx?.catalog.fields ?? [];
  const now = valuesByKey(fields, fx?.held ?? []);
  const asked = (fieldPatch ?? {}) as Record<string, FieldValue>;
  const fieldKeys = Object.keys(asked).filter((k) => k in now && JSON.stringify(now[k]) !== JSON.stringify(asked[k]));
  if (!Object.keys(changed).length && !fieldKeys.length) return { result: 'unchanged' };
  const version = assetVersion(a, fx && fields.length ? fx.catalog.texts(fx.held, 'en') : undefined);
  if (version !== r.version) return { result: 'refused', reason: new RowRefused('conflict') };
  let fieldRows: ValueRow[] | null = null;
  const fieldChanges: Record<string, { before: string; after: string }> = {};
  if (fx && fieldKeys.length) {
    const merged = { ...now, ...Object.fromEntries(fieldKeys.map((k) => [k, asked[k]!])) };
    const held = new Map<number, Set<number>>();
    for (const h of fx.held)
      if (h.option_id !== null) held.set(h.field_id, (held.get(h.field_id) ?? new Set()).add(h.option_id));
    try {
      fieldRows = checkCarried(fields, merged, fx.options, { assetId: a.id, assetType: a.type, required: false, held });
    } catch (err) {
      // An option retired or merged since the preview: this row is refused, the others go on.
      if (err instanceof AppError) return { result: 'refused', reason: new RowRefused('invalid', { field: '' }) };
      throw err;
    }
    const was = fx.catalog.texts(fx.held, 'en');
    const will = fx.catalog.texts(fieldRows, 'en');
    for (const k of fieldKeys) fieldChanges[`field:${k}`] = { before: was[k] ?? '', after: will[k] ?? '' };
  }
  return {
    write: { id: a.id, updatedAt: a.updated_at, patch: assetPatch(changed) },
    fieldRows,
    event: {
      event: 'asset.template_update',
      target: assetTarget(a),
      changes: { ...changesOf(before, changed), ...fieldChanges },
      info: { import_id: c.imp.id, row: r.row_no },
    },
  };
}

/** The same for a users row: the users policy's rules row by row (users.policy.ts). */
export async function applyUserRow(
  repos: Repos,
  c: { actor: Actor; events: AuditEvent[]; imp: Import; at: string; rules: UserRowContext },
  r: Stored,
  u: TemplateUser | undefined,
): Promise<Outcome> {
  if (!u) return { result: 'refused', reason: new RowRefused('unknownId') };
  const patch = JSON.parse(r.patch!) as UserPatch;
  const names = new Map([...c.rules.brands.values()].map((b) => [b.id, b.name]));
  const target: Record<string, string> = {};
  for (const [k, v] of Object.entries(patch.profile)) target[k] = v ?? '';
  if (patch.roles) target.roles = joinList([...patch.roles].sort());
  if (patch.brands) target.brands = joinList(patch.brands.map((id) => names.get(id) ?? '').sort());
  const before = userValues(u);
  const changed = Object.fromEntries(Object.entries(target).filter(([k, v]) => before[k as keyof typeof before] !== v));
  if (!Object.keys(changed).length) return { result: 'unchanged' };
  try {
    checkUserRights(c.rules, u, changed, patch.brands);
  } catch (err) {
    if (err instanceof RowRefused) return { result: 'refused', reason: err };
    throw err;
  }
  if (userVersion(u) !== r.version) return { result: 'refused', reason: new RowRefused('conflict') };
  const profile = Object.fromEntries(Object.entries(patch.profile).filter(([k]) => k in changed));
  if (!(await repos.reports.updateUserIfUnchanged(u.id, u.updated_at, profile, c.at)))
    return { result: 'refused', reason: new RowRefused('conflict') };
  if (patch.roles && 'roles' in changed) await repos.roles.setUserRoles(u.id, patch.roles);
  if (patch.brands && 'brands' in changed) await repos.brands.setUserBrands(u.id, patch.brands);
  // A deactivated user is signed out everywhere at once, as the users screen does.
  if (changed.status === 'INACTIVE') await repos.auth.deleteUserTokens(u.id);
  c.events.push({
    event: 'user.template_update',
    target: userTarget(u),
    changes: changesOf(before, changed),
    info: { import_id: c.imp.id, row: r.row_no },
  });
  return { result: 'applied' };
}
