// Text inside files (2026120107_found_text).

/**
 * One row per asset, for the revision read. `state`: done, failed or skipped (with `reason`);
 * `source`: ocr, poster, pdf or office; `pages`: JSON [{ page, text, width, height, lines }].
 */
export interface AssetTextTable {
  asset_id: number;
  brand_id: number;
  rev: number;
  state: string;
  reason: string | null;
  source: string | null;
  text: string;
  pages: string;
  analysed_at: string;
}
