/** A removal by hand starts the asset's own Trash entry; a restore ends it. */
export const trashMark = (status: 'ACTIVE' | 'INACTIVE', at: string, by: number) =>
  status === 'INACTIVE' ? { trashed_at: at, trashed_by: by } : { trashed_at: null, trashed_by: null };
