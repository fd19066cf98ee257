import { extensionInfo, normalizeExtension } from './types.js';
import type { AssetType } from './types.js';

/** The icon names the web app draws for an asset without a thumbnail. */
export type IconName =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'word'
  | 'spreadsheet'
  | 'presentation'
  | 'text'
  | 'design'
  | 'archive'
  | 'file';

const BY_EXT: Record<string, IconName> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  ods: 'spreadsheet',
  csv: 'spreadsheet',
  ppt: 'presentation',
  pptx: 'presentation',
  odp: 'presentation',
  txt: 'text',
};

/** The most specific icon for an extension, else the asset type's, else a generic file. */
export function iconFor(assetType: AssetType, ext?: string): IconName {
  const e = ext ? normalizeExtension(ext) : '';
  const specific = BY_EXT[e];
  if (specific) return specific;
  const group = e ? extensionInfo(e)?.group : undefined;
  if (group === 'design' || group === 'archive') return group;
  if (assetType === 'image' || assetType === 'video' || assetType === 'audio') return assetType;
  return 'file';
}
