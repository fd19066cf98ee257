// What is inside files (2026120106_analysis).
import type { Generated } from 'kysely';

/** Per brand; a missing row means the defaults (everything on but faces, threshold 0.5). */
export interface BrandAnalysisTable {
  brand_id: number;
  text: Generated<number>;
  objects: Generated<number>;
  faces: Generated<number>;
  colours: Generated<number>;
  object_threshold: Generated<number>;
  updated_at: string;
}

/** `kind`: text, objects, people or colours; `words`: what search should find the asset by. */
export interface AssetFoundWordsTable {
  asset_id: number;
  kind: string;
  words: string;
}
