import type { Consent, ConsentKind, Licence, RightsDocument } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { ConsentsTable, LicencesTable, RightsDocumentsTable } from '../../db/schema/rights.js';

export type LicenceRow = Selectable<LicencesTable>;
export type ConsentRow = Selectable<ConsentsTable>;
export type DocumentRow = Selectable<RightsDocumentsTable>;

/** A JSON list of strings as stored (anything else reads as empty). */
export function listOf(json: string | null | undefined): string[] {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export const documentView = (d: DocumentRow): RightsDocument => ({
  id: d.id,
  name: d.name,
  mime: d.mime,
  size: Number(d.size),
  created_at: d.created_at,
});

const docsOf = (docs: DocumentRow[], column: 'licence_id' | 'consent_id', id: number) =>
  docs.filter((d) => d[column] === id).map(documentView);

export const licenceView = (r: LicenceRow & { asset_count?: unknown }, docs: DocumentRow[]): Licence => ({
  id: r.id,
  brand_id: r.brand_id,
  name: r.name,
  holder: r.holder,
  terms: r.terms,
  channels: listOf(r.channels),
  territories: listOf(r.territories),
  valid_from: r.valid_from,
  valid_until: r.valid_until,
  cost_reference: r.cost_reference,
  notes: r.notes,
  asset_count: Number(r.asset_count ?? 0),
  documents: docsOf(docs, 'licence_id', r.id),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export const consentView = (r: ConsentRow & { asset_count?: unknown }, docs: DocumentRow[]): Consent => ({
  id: r.id,
  brand_id: r.brand_id,
  person: r.person,
  kind: r.kind as ConsentKind,
  signed_on: r.signed_on,
  valid_until: r.valid_until,
  channels: listOf(r.channels),
  territories: listOf(r.territories),
  notes: r.notes,
  asset_count: Number(r.asset_count ?? 0),
  documents: docsOf(docs, 'consent_id', r.id),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** A licence's audited fields (lists as lists). */
export const licenceFields = (r: Omit<LicenceRow, 'id'>) => ({
  name: r.name,
  holder: r.holder,
  terms: r.terms,
  channels: listOf(r.channels),
  territories: listOf(r.territories),
  valid_from: r.valid_from,
  valid_until: r.valid_until,
  cost_reference: r.cost_reference,
  notes: r.notes,
});
export const consentFields = (r: Omit<ConsentRow, 'id'>) => ({
  person: r.person,
  kind: r.kind,
  signed_on: r.signed_on,
  valid_until: r.valid_until,
  channels: listOf(r.channels),
  territories: listOf(r.territories),
  notes: r.notes,
});

export const licenceTarget = (r: { id: number; name: string }) =>
  ({ type: 'licence', id: r.id, label: r.name }) as const;
export const consentTarget = (r: { id: number; person: string }) =>
  ({ type: 'consent', id: r.id, label: r.person }) as const;
