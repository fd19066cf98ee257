import type { Generated } from 'kysely';

// Upload request links and the files sent through them (2026113004_upload_requests).

/** `allowed_types`: a JSON array of extensions (empty: every allowed type). */
export interface UploadRequestsTable {
  id: Generated<number>;
  brand_id: number;
  folder_id: number;
  owner_id: number;
  token_hash: string;
  token_enc: string;
  password_hash: string | null;
  message: string | null;
  expires_at: string;
  closed_at: string | null;
  max_files: number;
  /** A bigint: PostgreSQL answers it as a string. */
  max_bytes: number | string;
  allowed_types: string;
  created_at: string;
  updated_at: string;
}

/** `state`: uploading (counts against the budget while it arrives), done (an asset) or failed. */
export interface UploadRequestFilesTable {
  id: Generated<number>;
  request_id: number;
  tus_id: string;
  state: string;
  file_name: string;
  size: number | string;
  uploader_name: string;
  uploader_email: string;
  asset_id: number | null;
  created_at: string;
  updated_at: string;
}
