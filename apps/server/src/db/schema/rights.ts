import type { Generated } from 'kysely';

// Licences, consents, their documents and their assets (2026113002_rights).

/** Columns licences and consents share: JSON lists of channel keys and territories (ISO or `WW`). */
interface RightsCommon {
  id: Generated<number>;
  brand_id: number;
  channels: Generated<string>;
  territories: Generated<string>;
  /** YYYY-MM-DD, inclusive; null: no end. */
  valid_until: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface LicencesTable extends RightsCommon {
  name: string;
  holder: string | null;
  terms: string | null;
  valid_from: string | null;
  cost_reference: string | null;
}

export interface ConsentsTable extends RightsCommon {
  person: string;
  /** `model` (a person) or `property`. */
  kind: Generated<string>;
  signed_on: string | null;
}

/** A licence's or consent's document (exactly one of the two ids is set). */
export interface RightsDocumentsTable {
  id: Generated<number>;
  brand_id: number;
  licence_id: number | null;
  consent_id: number | null;
  name: string;
  mime: string;
  size: number;
  blob_key: string;
  created_by: number | null;
  created_at: string;
}

export interface AssetLicencesTable {
  asset_id: number;
  licence_id: number;
}

export interface AssetConsentsTable {
  asset_id: number;
  consent_id: number;
}

// Approval of uploads (2026113006_approval).

/** A role whose uploads to the brand wait for review. */
export interface BrandApprovalRolesTable {
  brand_id: number;
  role_id: number;
}

/** One step of an asset's review: `pending` (submitted), `approved` or `rejected` (with the reason). */
export interface AssetReviewsTable {
  id: Generated<number>;
  asset_id: number;
  state: string;
  reason: string | null;
  /** The version submitted or decided on. */
  version: number | null;
  actor_id: number | null;
  created_at: string;
}

/** An expiry notice sent (2026113005): threshold 30, 7, 1 (days before) or 0 (expired), per end date. */
export interface ExpiryNoticesTable {
  asset_id: number;
  threshold: number;
  until: string;
  sent_at: string;
}
