/** Extensions that name the same kind of file. */
const SAME: Record<string, string> = { jpg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', tif: 'tiff', htm: 'html', mpeg: 'mpg' };

const extOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};
const kindOf = (ext: string) => SAME[ext] ?? ext;
/** How people name the type: "JPEG", "PNG", "MP4". */
export const typeLabel = (ext: string) => kindOf(ext.toLowerCase()).toUpperCase();

/**
 * When a new version's file is another type than the asset's current one (by extension, JPG and
 * JPEG being one), the two types to name in the question asked before uploading; else null.
 */
export function versionTypeChange(currentExt: string, fileName: string): { current: string; next: string } | null {
  const next = extOf(fileName);
  const current = currentExt.toLowerCase().replace(/^\./, '');
  if (!next || !current || kindOf(next) === kindOf(current)) return null;
  return { current: typeLabel(current), next: typeLabel(next) };
}
