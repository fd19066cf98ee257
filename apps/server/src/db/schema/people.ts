import type { Generated } from 'kysely';

// Faces and people of brands (2026120109_people).

/** A person of a brand: unnamed until someone names them; hidden ones keep their faces. */
export interface PeopleTable {
  id: Generated<number>;
  brand_id: number;
  name: string | null;
  hidden: number;
  cover_face_id: number | null;
  created_at: string;
  updated_at: string;
}

/** `box`: "x,y,w,h" as shares of the image's width and height; `descriptor`: 1,024 Float32 values as base64. */
export interface AssetFacesTable {
  id: Generated<number>;
  asset_id: number;
  brand_id: number;
  rev: number;
  box: string;
  score: number;
  descriptor: string;
  person_id: number;
}

/** The outcome of an asset's latest face analysis: done, skipped or failed (with `reason`). */
export interface AssetFacesStateTable {
  asset_id: number;
  brand_id: number;
  rev: number;
  state: string;
  reason: string | null;
  analysed_at: string;
}
