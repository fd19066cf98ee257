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

/** The palette names of an image's colours covering at least 10 % (2026120110_colour_filter). */
export interface AssetColoursTable {
  asset_id: number;
  brand_id: number;
  colour: string;
}
