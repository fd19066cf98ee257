/** The media module's surface: upload checks, metadata, derivatives and the tools they need. */
export {
  DEFAULT_EXTENSIONS,
  ASSET_TYPES,
  checkExtensionMatchesContent,
  detectType,
  extensionInfo,
  extensionOf,
  inspectUpload,
  normalizeExtension,
} from './types.js';
export type {
  AllowedExtension,
  AssetType,
  DetectedType,
  ExtensionInfo,
  FileGroup,
  RejectionReason,
  UploadVerdict,
} from './types.js';
export { extractMetadata } from './metadata.js';
export type { Camera, Embedded, MediaMetadata, MetadataOptions } from './metadata.js';
export { BRAND_XMP_NAMESPACE, closeXmpWriter, writeXmp, xmpWritable } from './xmpWrite.js';
export type { XmpValues } from './xmpWrite.js';
export { DEFAULT_PIXEL_LIMIT, derivesFromBytes, makeDerivatives, posterTime } from './derivatives.js';
export type {
  Derivative,
  DerivativeKind,
  DerivativeOptions,
  DerivativesResult,
  IconReason,
  PictureVisuals,
} from './derivatives.js';
export { MediaError } from './errors.js';
export type { MediaErrorCode } from './errors.js';
export { iconFor } from './icons.js';
export type { IconName } from './icons.js';
export { configureSharp } from './sharp-settings.js';
export { detectTools, toolReport, TOOL_NAMES, warnAboutMissingTools } from './tools.js';
export type { ToolInfo, ToolName, ToolReport, Tools } from './tools.js';
