// Objects and scenes found in images (2026120108_labels).

/** One per asset: the object analysis of revision `rev`, done, failed or skipped (with `reason`). */
export interface AssetObjectsTable {
  asset_id: number;
  brand_id: number;
  rev: number;
  state: string;
  reason: string | null;
  analysed_at: string;
}

/**
 * One per asset and label (a LABELS key): its best score in the latest analysis that found it (0
 * when the asset's newest revision no longer shows it); `state` suggested, accepted or rejected.
 */
export interface AssetLabelsTable {
  asset_id: number;
  brand_id: number;
  rev: number;
  label: string;
  score: number;
  state: string;
  decided_by: number | null;
  decided_at: string | null;
}
