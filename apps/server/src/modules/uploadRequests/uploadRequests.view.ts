import type { UploadRequest, UploadRequestUpload } from '@brandvault/contract';
import type { UploadRequestListRow } from './uploadRequests.repo.js';
import { stateOf } from './uploadRequests.policy.js';

export const typesOf = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

type Recent = {
  asset_id: number | null;
  file_name: string;
  size: number | string;
  uploader_name: string;
  uploader_email: string;
  updated_at: string;
};

export const uploadItem = (r: Recent): UploadRequestUpload => ({
  asset_id: r.asset_id,
  file_name: r.file_name,
  size: Number(r.size),
  uploader_name: r.uploader_name,
  uploader_email: r.uploader_email,
  created_at: r.updated_at,
});

/** A row as the contract's request: `url` only for its owner, `close` as the policy decided. */
export function uploadRequestItem(
  r: UploadRequestListRow,
  extra: {
    url: string | null;
    used: { files: number; bytes: number; last_at: string | null } | undefined;
    uploads: Recent[];
    close: boolean;
    now: string;
  },
): UploadRequest {
  return {
    id: r.id,
    brand: { id: r.brand_id, name: r.brand_name },
    folder: { id: r.folder_id, name: r.folder_name },
    owner: { id: r.owner_id, name: `${r.owner_first} ${r.owner_last}`.trim() },
    message: r.message,
    expires_at: r.expires_at,
    closed_at: r.closed_at,
    state: stateOf(r, extra.now),
    has_password: r.password_hash !== null,
    max_files: r.max_files,
    max_bytes: Number(r.max_bytes),
    allowed_types: typesOf(r.allowed_types),
    url: extra.url,
    used: extra.used ?? { files: 0, bytes: 0, last_at: null },
    uploads: extra.uploads.map(uploadItem),
    abilities: { close: extra.close },
    created_at: r.created_at,
  };
}
