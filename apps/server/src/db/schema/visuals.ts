// Colours and perceptual hashes of assets (2026120105_look_alikes).

/** `state`: done, failed or skipped (with `reason`); `colours`: JSON [{ hex, share }]. */
export interface AssetVisualsTable {
  asset_id: number;
  brand_id: number;
  rev: number;
  state: string;
  reason: string | null;
  colours: string;
  hash: string | null;
  b0: number | null;
  b1: number | null;
  b2: number | null;
  b3: number | null;
  analysed_at: string;
}
