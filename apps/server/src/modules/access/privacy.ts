/**
 * Privacy classes (asset_search.hidden) a query may see: 0 public, 1 private. Those who may see
 * private assets (`withPrivate`) see both, unless the filter asks for one visibility.
 */
export function hiddenClasses(f: { withPrivate: boolean; visibility?: 'PUBLIC' | 'PRIVATE' | undefined }): number[] {
  const allowed = f.withPrivate ? [0, 1] : [0];
  if (!f.visibility) return allowed;
  const wanted = f.visibility === 'PRIVATE' ? 1 : 0;
  return allowed.filter((h) => h === wanted);
}
