import { z } from 'zod';
import { Id, PageQuery, QueryInt, paginated, text } from './common.js';

/** Where an event happened in the product: the audit log's "event section" (spec §3). */
export const AUDIT_SECTIONS = {
  auth: { en: 'Sign-in and account', es: 'Acceso y cuenta' },
  users: { en: 'Users', es: 'Usuarios' },
  brands: { en: 'Brands', es: 'Marcas' },
  folders: { en: 'Folders', es: 'Carpetas' },
  assets: { en: 'Assets', es: 'Recursos' },
  shortcuts: { en: 'Shortcuts', es: 'Accesos directos' },
  collections: { en: 'Collections and favourites', es: 'Colecciones y favoritos' },
  shareLinks: { en: 'Share links', es: 'Enlaces compartidos' },
  comments: { en: 'Comments', es: 'Comentarios' },
  metadata: { en: 'Metadata fields and vocabularies', es: 'Campos de metadatos y vocabularios' },
  savedSearches: { en: 'Saved searches', es: 'Búsquedas guardadas' },
  uploadRequests: { en: 'Upload requests', es: 'Solicitudes de archivos' },
  rights: { en: 'Usage rights', es: 'Derechos de uso' },
  guidelines: { en: 'Brand guidelines', es: 'Guías de marca' },
  notifications: { en: 'Notifications', es: 'Notificaciones' },
  roles: { en: 'Roles and permissions', es: 'Roles y permisos' },
  reports: { en: 'Reports and templates', es: 'Informes y plantillas' },
  settings: { en: 'Organisation settings', es: 'Ajustes de la organización' },
  apiKeys: { en: 'API keys', es: 'Claves de API' },
} as const;
export type AuditSection = keyof typeof AUDIT_SECTIONS;

type EventDef = { section: AuditSection; fields: readonly string[]; en: string; es: string };
const ev = <S extends AuditSection, F extends readonly string[]>(
  section: S,
  fields: F,
  en: string,
  es: string,
): EventDef & { section: S; fields: F } => ({ section, fields, en, es });

/**
 * Every recorded event: its section, the fields its details carry beside the target and the
 * before/after of what changed, and its label in each language. One catalogue for the server
 * that records, the screen that shows and the export that follows.
 */
export const AUDIT_EVENTS = {
  'auth.login': ev('auth', [], 'Signed in', 'Inició sesión'),
  'auth.login_failed': ev('auth', ['email', 'reason'], 'Sign-in refused', 'Inicio de sesión rechazado'),
  'auth.logout': ev('auth', [], 'Signed out', 'Cerró sesión'),
  'auth.register': ev('auth', ['email'], 'Registered', 'Se registró'),
  'auth.verify': ev('auth', [], 'Verified their e-mail', 'Verificó su correo'),
  'auth.password_reset': ev('auth', [], 'Reset their password', 'Restableció su contraseña'),
  'auth.password_change': ev('auth', [], 'Changed their password', 'Cambió su contraseña'),
  'auth.profile_update': ev('auth', [], 'Edited their profile', 'Editó su perfil'),
  'auth.tour_complete': ev('auth', [], 'Completed the guided tour', 'Completó el recorrido guiado'),
  'auth.tour_dismiss': ev('auth', [], 'Stopped the guided tour', 'Detuvo el recorrido guiado'),
  'auth.two_factor_enable': ev('auth', [], 'Turned two-factor sign-in on', 'Activó la verificación en dos pasos'),
  'auth.two_factor_disable': ev('auth', [], 'Turned two-factor sign-in off', 'Desactivó la verificación en dos pasos'),
  'auth.two_factor_recovery_codes': ev(
    'auth',
    [],
    'Replaced their recovery codes',
    'Sustituyó sus códigos de recuperación',
  ),
  'auth.two_factor_recovery_used': ev(
    'auth',
    ['left'],
    'Signed in with a recovery code',
    'Inició sesión con un código de recuperación',
  ),
  'auth.two_factor_failed': ev(
    'auth',
    ['reason'],
    'Two-factor code refused',
    'Código de verificación en dos pasos rechazado',
  ),
  'sso.login': ev('auth', ['provider', 'issuer'], 'Signed in with single sign-on', 'Inició sesión con acceso único'),
  'sso.login_refused': ev('auth', ['provider', 'reason'], 'Single sign-on refused', 'Acceso único rechazado'),
  'sso.signup': ev(
    'auth',
    ['provider', 'email', 'approved'],
    'Joined through single sign-on',
    'Se dio de alta con acceso único',
  ),
  'sso.link': ev(
    'auth',
    ['provider', 'proof'],
    'Linked an identity provider to their account',
    'Vinculó un proveedor de identidad a su cuenta',
  ),
  'sso.link_mail': ev(
    'auth',
    ['provider'],
    'Asked for a link to prove their account',
    'Pidió un enlace para demostrar su cuenta',
  ),
  'sso.logout': ev(
    'auth',
    ['provider', 'sessions'],
    'Signed out by their identity provider',
    'Su proveedor de identidad cerró su sesión',
  ),
  'sso.provider_create': ev('settings', [], 'Added an identity provider', 'Añadió un proveedor de identidad'),
  'sso.provider_update': ev('settings', [], 'Changed an identity provider', 'Cambió un proveedor de identidad'),
  'sso.provider_delete': ev('settings', [], 'Removed an identity provider', 'Quitó un proveedor de identidad'),
  'sso.provider_test': ev(
    'settings',
    ['status'],
    "Checked an identity provider's discovery",
    'Comprobó el descubrimiento de un proveedor de identidad',
  ),
  'role.sso_only': ev(
    'roles',
    [],
    'Chose whether a role signs in with single sign-on only',
    'Eligió si un rol entra solo con acceso único',
  ),
  'settings.org_name': ev('settings', [], 'Named the organisation', 'Dio nombre a la organización'),
  'settings.setup_finish': ev(
    'settings',
    ['outcome'],
    'Finished the first-run setup',
    'Terminó la configuración inicial',
  ),
  'role.create': ev('roles', [], 'Created a role', 'Creó un rol'),
  'role.update': ev('roles', [], 'Changed a role', 'Cambió un rol'),
  'role.two_factor': ev(
    'roles',
    [],
    'Changed whether a role requires two-factor sign-in',
    'Cambió si un rol exige la verificación en dos pasos',
  ),
  'role.delete': ev('roles', [], 'Deleted a role', 'Eliminó un rol'),
  'user.create': ev('users', [], 'Created a user', 'Creó un usuario'),
  'user.invite': ev('users', [], 'Invited a user by e-mail', 'Invitó a un usuario por correo'),
  'user.update': ev('users', [], 'Edited a user', 'Editó un usuario'),
  'user.grants': ev('users', [], 'Changed roles, permissions or brands', 'Cambió roles, permisos o marcas'),
  'user.status': ev('users', [], "Changed a user's status", 'Cambió el estado de un usuario'),
  'user.approve': ev('users', [], 'Approved a user', 'Aprobó un usuario'),
  'user.unlock': ev('users', [], "Unlocked a user's sign-in", 'Desbloqueó el acceso de un usuario'),
  'user.two_factor_reset': ev(
    'users',
    [],
    "Reset a user's two-factor sign-in",
    'Restableció la verificación en dos pasos de un usuario',
  ),
  'user.photo': ev('users', [], 'Changed a profile photo', 'Cambió una foto de perfil'),
  'user.photo_remove': ev('users', [], 'Removed a profile photo', 'Quitó una foto de perfil'),
  'user.emulate_start': ev('users', [], 'Started acting as a user', 'Empezó a actuar como un usuario'),
  'user.emulate_end': ev('users', [], 'Finished acting as a user', 'Terminó de actuar como un usuario'),
  'brand.create': ev('brands', [], 'Created a brand', 'Creó una marca'),
  'brand.update': ev('brands', [], 'Edited a brand', 'Editó una marca'),
  'brand.status': ev('brands', [], "Changed a brand's status", 'Cambió el estado de una marca'),
  'brand.approval': ev(
    'brands',
    ['role_ids'],
    'Chose whose uploads need approval',
    'Eligió qué subidas necesitan aprobación',
  ),
  'brand.watermark': ev('brands', [], "Changed a brand's watermark", 'Cambió la marca de agua de una marca'),
  'brand.cropPresets': ev(
    'brands',
    [],
    "Changed a brand's crop presets",
    'Cambió los formatos de recorte de una marca',
  ),
  'watermark.trace': ev(
    'brands',
    ['file_name', 'found', 'trace_kind'],
    'Traced a downloaded file',
    'Rastreó un archivo descargado',
  ),
  'folder.create': ev('folders', ['brand_id', 'parent_id'], 'Created a folder', 'Creó una carpeta'),
  'folder.update': ev('folders', [], 'Edited a folder', 'Editó una carpeta'),
  'folder.move': ev('folders', [], 'Moved a folder', 'Movió una carpeta'),
  'folder.remove': ev('folders', ['assets', 'folders'], 'Removed a folder', 'Eliminó una carpeta'),
  'folder.trash': ev(
    'folders',
    ['assets', 'folders'],
    'Moved a folder to the Trash',
    'Movió una carpeta a la Papelera',
  ),
  'folder.restore': ev(
    'folders',
    ['assets', 'folders'],
    'Restored a folder from the Trash',
    'Restauró una carpeta de la Papelera',
  ),
  'folder.purge': ev(
    'folders',
    ['assets', 'folders', 'automatic'],
    'Deleted a folder from the Trash for good',
    'Eliminó definitivamente una carpeta de la Papelera',
  ),
  'asset.upload': ev('assets', ['folder_id', 'size'], 'Uploaded an asset', 'Subió un recurso'),
  'asset.update': ev('assets', [], 'Edited an asset', 'Editó un recurso'),
  'asset.move': ev('assets', [], 'Moved an asset', 'Movió un recurso'),
  'asset.copy': ev('assets', ['copy_id', 'folder_id'], 'Copied an asset', 'Copió un recurso'),
  'extension.create': ev('assets', [], 'Added an upload extension', 'Añadió una extensión de subida'),
  'extension.status': ev(
    'assets',
    [],
    'Allowed or refused an upload extension',
    'Permitió o rechazó una extensión de subida',
  ),
  'asset.status': ev('assets', [], 'Removed or restored an asset', 'Eliminó o restauró un recurso'),
  'asset.purge': ev(
    'assets',
    ['brand_id', 'automatic'],
    'Deleted an asset from the Trash for good',
    'Eliminó definitivamente un recurso de la Papelera',
  ),
  'asset.version_new': ev('assets', ['version'], 'Added a version', 'Añadió una versión'),
  'asset.version_restore': ev('assets', ['version'], 'Restored a version', 'Restauró una versión'),
  'asset.review_pending': ev('assets', ['version'], 'Submitted an upload for review', 'Envió una subida a revisión'),
  'asset.approve': ev('assets', ['version'], 'Approved an upload', 'Aprobó una subida'),
  'asset.reject': ev('assets', ['version', 'reason'], 'Rejected an upload', 'Rechazó una subida'),
  'asset.download': ev(
    'assets',
    ['version', 'crop', 'format', 'width', 'height', 'share_link_id', 'confirmed'],
    'Downloaded an asset',
    'Descargó un recurso',
  ),
  'asset.download.confirm': ev(
    'assets',
    ['confirmed'],
    "Confirmed an asset's usage terms or expiry to download it",
    'Confirmó las condiciones de uso o la caducidad de un recurso para descargarlo',
  ),
  'download.queue': ev(
    'assets',
    ['format', 'layout', 'files', 'bytes', 'asset_ids', 'folder_ids', 'confirmed'],
    'Asked for a zip or PDF',
    'Pidió un zip o un PDF',
  ),
  'download.fetch': ev(
    'assets',
    ['format', 'files', 'size', 'share_link_id'],
    'Downloaded a zip or PDF',
    'Descargó un zip o un PDF',
  ),
  'shortcut.create': ev('shortcuts', ['shortcut_id'], 'Created a shortcut', 'Creó un acceso directo'),
  'shortcut.update': ev('shortcuts', ['shortcut_id'], 'Renamed a shortcut', 'Renombró un acceso directo'),
  'shortcut.delete': ev('shortcuts', ['shortcut_id'], 'Deleted a shortcut', 'Eliminó un acceso directo'),
  'collection.create': ev('collections', ['assets'], 'Created a collection', 'Creó una colección'),
  'collection.update': ev('collections', [], 'Renamed a collection', 'Renombró una colección'),
  'collection.delete': ev('collections', ['assets'], 'Deleted a collection', 'Eliminó una colección'),
  'collection.assets_add': ev(
    'collections',
    ['asset_ids'],
    'Added assets to a collection',
    'Añadió recursos a una colección',
  ),
  'collection.assets_remove': ev(
    'collections',
    ['asset_ids'],
    'Removed assets from a collection',
    'Quitó recursos de una colección',
  ),
  'share_link.create': ev(
    'shareLinks',
    ['collection_id', 'audience', 'expires_at', 'password', 'allow_download', 'user_ids', 'watermark', 'traceable'],
    'Shared a collection',
    'Compartió una colección',
  ),
  'share_link.revoke': ev('shareLinks', ['collection_id'], 'Revoked a share link', 'Revocó un enlace compartido'),
  'share_link.update': ev(
    'shareLinks',
    ['collection_id'],
    'Changed a share link’s expiry or protection',
    'Cambió la caducidad o la protección de un enlace compartido',
  ),
  'favorite.add': ev('collections', ['asset_ids'], 'Added favourites', 'Añadió favoritos'),
  'favorite.remove': ev('collections', ['asset_ids'], 'Removed favourites', 'Quitó favoritos'),
  'folder.to_collection': ev(
    'collections',
    ['folder_id', 'subfolders', 'assets'],
    'Converted a folder to a collection',
    'Convirtió una carpeta en colección',
  ),
  'comment.create': ev(
    'comments',
    ['asset_id', 'parent_id', 'version', 'annotation', 'mention_ids', 'notify_user_ids'],
    'Commented on an asset',
    'Comentó un recurso',
  ),
  'comment.update': ev('comments', ['asset_id', 'body'], 'Edited a comment', 'Editó un comentario'),
  'comment.delete': ev('comments', ['asset_id', 'replies'], 'Deleted a comment', 'Borró un comentario'),
  'comment.resolve': ev('comments', ['asset_id'], 'Resolved a comment thread', 'Resolvió un hilo de comentarios'),
  'comment.reopen': ev('comments', ['asset_id'], 'Reopened a comment thread', 'Reabrió un hilo de comentarios'),
  'report.export': ev(
    'reports',
    ['report', 'rows', 'brand_id', 'sent'],
    'Exported a report or template',
    'Exportó un informe o una plantilla',
  ),
  'template.upload': ev('reports', ['kind', 'size'], 'Uploaded a template', 'Subió una plantilla'),
  'template.apply': ev('reports', ['kind', 'rows', 'run_at'], 'Applied a template', 'Aplicó una plantilla'),
  'template.cancel': ev('reports', ['kind'], 'Cancelled a template import', 'Canceló la importación de una plantilla'),
  'sync.source_create': ev(
    'assets',
    ['brand_id', 'folder_id'],
    'Created a NAS sync source',
    'Creó un origen de sincronización NAS',
  ),
  'sync.source_update': ev('assets', [], 'Changed a NAS sync source', 'Cambió un origen de sincronización NAS'),
  'sync.source_delete': ev('assets', [], 'Deleted a NAS sync source', 'Eliminó un origen de sincronización NAS'),
  'labels.accept': ev(
    'assets',
    ['label', 'keyword'],
    'Accepted a suggested tag into keywords',
    'Aceptó una etiqueta sugerida como palabra clave',
  ),
  'labels.reject': ev('assets', ['label'], 'Rejected a suggested tag', 'Rechazó una etiqueta sugerida'),
  'analysis.settings': ev(
    'brands',
    ['brand_id'],
    "Changed a brand's smart search settings",
    'Cambió los ajustes de búsqueda inteligente de una marca',
  ),
  'analysis.backfill': ev(
    'brands',
    ['brand_id', 'total'],
    "Started analysing a brand's existing files",
    'Inició el análisis de los archivos existentes de una marca',
  ),
  'faces.enable': ev('brands', ['brand_id'], 'Turned finding people on', 'Activó la búsqueda de personas'),
  'faces.disable': ev(
    'brands',
    ['brand_id', 'faces', 'people'],
    'Turned finding people off (faces deleted)',
    'Desactivó la búsqueda de personas (caras eliminadas)',
  ),
  'people.name': ev('assets', ['brand_id'], 'Named a person', 'Puso nombre a una persona'),
  'people.merge': ev('assets', ['brand_id', 'into', 'from', 'from_name'], 'Merged two people', 'Unió dos personas'),
  'people.split': ev(
    'assets',
    ['brand_id', 'from', 'faces'],
    'Split faces into a new person',
    'Separó caras en una persona nueva',
  ),
  'people.hide': ev('assets', ['brand_id'], 'Hid or showed a person', 'Ocultó o mostró a una persona'),
  'visuals.backfill': ev(
    'brands',
    ['brand_id'],
    'Started finding colours and look-alikes',
    'Inició la búsqueda de colores y parecidos',
  ),
  'webhook.create': ev('brands', ['brand_id', 'url', 'events'], 'Created a webhook', 'Creó un webhook'),
  'webhook.update': ev('brands', ['brand_id'], 'Changed a webhook', 'Cambió un webhook'),
  'webhook.delete': ev('brands', ['brand_id'], 'Deleted a webhook', 'Eliminó un webhook'),
  'webhook.rotate': ev('brands', ['brand_id'], 'Rotated a webhook secret', 'Renovó el secreto de un webhook'),
  'webhook.enable': ev('brands', ['brand_id'], 'Re-enabled a webhook', 'Reactivó un webhook'),
  'webhook.disable': ev(
    'brands',
    ['brand_id', 'failures'],
    'Disabled a webhook after failed deliveries',
    'Desactivó un webhook tras entregas fallidas',
  ),
  'webhook.test': ev('brands', ['brand_id'], 'Sent a test webhook event', 'Envió un evento de prueba de webhook'),
  'webhook.redeliver': ev(
    'brands',
    ['brand_id', 'event_id'],
    'Sent a webhook event again',
    'Volvió a enviar un evento de webhook',
  ),
  'sync.run_request': ev('assets', ['run_id'], 'Asked for a NAS sync run', 'Pidió una ejecución de sincronización NAS'),
  'asset.template_update': ev(
    'assets',
    ['import_id', 'row'],
    'Edited an asset from a template',
    'Editó un recurso desde una plantilla',
  ),
  'user.template_update': ev(
    'users',
    ['import_id', 'row'],
    'Edited a user from a template',
    'Editó un usuario desde una plantilla',
  ),
  'notification.settings': ev(
    'notifications',
    ['mention', 'reply', 'upload_comment', 'share'],
    'Changed which notifications arrive by e-mail',
    'Cambió qué notificaciones llegan por correo',
  ),
  'upload_request.create': ev(
    'uploadRequests',
    ['folder_id', 'expires_at', 'password', 'max_files', 'max_bytes', 'allowed_types'],
    'Asked for files with an upload request link',
    'Pidió archivos con un enlace de solicitud',
  ),
  'upload_request.close': ev('uploadRequests', [], 'Closed an upload request', 'Cerró una solicitud de archivos'),
  'upload_request.upload': ev(
    'uploadRequests',
    ['request_id', 'asset_id', 'uploader_name', 'uploader_email', 'size'],
    'Received a file through an upload request',
    'Recibió un archivo mediante una solicitud',
  ),
  'savedSearch.create': ev('savedSearches', [], 'Saved a search', 'Guardó una búsqueda'),
  'savedSearch.update': ev('savedSearches', [], 'Changed a saved search', 'Cambió una búsqueda guardada'),
  'savedSearch.pin': ev('savedSearches', [], 'Pinned or unpinned a saved search', 'Fijó o soltó una búsqueda guardada'),
  'savedSearch.share': ev(
    'savedSearches',
    [],
    'Shared or stopped sharing a saved search with the brand',
    'Compartió o dejó de compartir una búsqueda guardada con la marca',
  ),
  'savedSearch.delete': ev('savedSearches', [], 'Deleted a saved search', 'Eliminó una búsqueda guardada'),
  'metadata.mapping.update': ev(
    'metadata',
    [],
    'Changed the embedded metadata mapping',
    'Cambió la asignación de metadatos incrustados',
  ),
  'metadata.field.create': ev('metadata', [], 'Added a metadata field', 'Añadió un campo de metadatos'),
  'metadata.field.update': ev('metadata', [], 'Changed a metadata field', 'Cambió un campo de metadatos'),
  'metadata.field.reorder': ev('metadata', [], 'Reordered metadata fields', 'Reordenó los campos de metadatos'),
  'metadata.field.delete': ev('metadata', ['values'], 'Deleted a metadata field', 'Eliminó un campo de metadatos'),
  'rights.licence.create': ev('rights', [], 'Added a licence', 'Añadió una licencia'),
  'rights.licence.update': ev('rights', [], 'Changed a licence', 'Cambió una licencia'),
  'rights.licence.delete': ev('rights', ['assets'], 'Deleted a licence', 'Eliminó una licencia'),
  'rights.licence.link': ev('rights', ['assets'], 'Linked a licence to assets', 'Vinculó una licencia a recursos'),
  'rights.consent.create': ev('rights', [], 'Added a consent', 'Añadió un consentimiento'),
  'rights.consent.update': ev('rights', [], 'Changed a consent', 'Cambió un consentimiento'),
  'rights.consent.delete': ev('rights', ['assets'], 'Deleted a consent', 'Eliminó un consentimiento'),
  'rights.document.add': ev('rights', ['document'], 'Attached a rights document', 'Adjuntó un documento de derechos'),
  'rights.document.delete': ev('rights', ['document'], 'Deleted a rights document', 'Eliminó un documento de derechos'),
  'rights.asset': ev('rights', [], "Changed an asset's usage rights", 'Cambió los derechos de uso de un recurso'),
  'guideline.create': ev('guidelines', ['brand'], 'Added a guidelines page', 'Añadió una página de las guías'),
  'guideline.update': ev('guidelines', ['blocks'], 'Changed a guidelines page', 'Cambió una página de las guías'),
  'guideline.move': ev('guidelines', [], 'Moved a guidelines page', 'Movió una página de las guías'),
  'guideline.publish': ev('guidelines', ['version'], 'Published a guidelines page', 'Publicó una página de las guías'),
  'guideline.revert': ev(
    'guidelines',
    ['version'],
    'Reverted a guidelines page to a version',
    'Revirtió una página de las guías a una versión',
  ),
  'guideline.delete': ev('guidelines', [], 'Deleted a guidelines page', 'Eliminó una página de las guías'),
  'guideline.link.create': ev(
    'guidelines',
    ['brand', 'expires_at', 'password', 'allow_download'],
    'Made a public guidelines link',
    'Creó un enlace público de las guías',
  ),
  'guideline.link.revoke': ev(
    'guidelines',
    ['brand'],
    'Revoked a public guidelines link',
    'Revocó un enlace público de las guías',
  ),
  'guideline.pdf': ev('guidelines', ['brand', 'page'], 'Exported guidelines as PDF', 'Exportó las guías en PDF'),
  'metadata.vocabulary.create': ev('metadata', [], 'Added a vocabulary', 'Añadió un vocabulario'),
  'metadata.vocabulary.update': ev('metadata', [], 'Renamed a vocabulary', 'Renombró un vocabulario'),
  'metadata.vocabulary.delete': ev('metadata', [], 'Deleted a vocabulary', 'Eliminó un vocabulario'),
  'metadata.option.create': ev('metadata', ['option'], 'Added a vocabulary option', 'Añadió una opción de vocabulario'),
  'metadata.option.update': ev(
    'metadata',
    ['option'],
    'Renamed a vocabulary option',
    'Renombró una opción de vocabulario',
  ),
  'metadata.option.move': ev('metadata', ['option'], 'Moved a vocabulary option', 'Movió una opción de vocabulario'),
  'metadata.option.merge': ev(
    'metadata',
    ['option', 'into', 'assets'],
    'Merged vocabulary options',
    'Fusionó opciones de vocabulario',
  ),
  'metadata.option.retire': ev(
    'metadata',
    ['option'],
    'Retired or restored a vocabulary option',
    'Retiró o recuperó una opción de vocabulario',
  ),
  'metadata.option.import': ev(
    'metadata',
    ['added', 'kept'],
    'Imported vocabulary options',
    'Importó opciones de vocabulario',
  ),
  'asset.fields': ev(
    'assets',
    [],
    "Changed an asset's metadata fields",
    'Cambió los campos de metadatos de un recurso',
  ),
  'metadata.bulk': ev(
    'assets',
    ['bulk_edit_id', 'matched', 'fields'],
    'Started a bulk edit of metadata fields',
    'Inició una edición masiva de campos de metadatos',
  ),
  'apiKey.create': ev('apiKeys', ['scopes', 'expires_at'], 'Created an API key', 'Creó una clave de API'),
  'apiKey.rotate': ev('apiKeys', ['replaces'], 'Rotated an API key', 'Rotó una clave de API'),
  'apiKey.revoke': ev('apiKeys', ['owner_id'], 'Revoked an API key', 'Revocó una clave de API'),
  'metadata.bulk.undo': ev(
    'assets',
    ['bulk_edit_id'],
    'Undid a bulk edit of metadata fields',
    'Deshizo una edición masiva de campos de metadatos',
  ),
} as const;
export type AuditEventName = keyof typeof AUDIT_EVENTS;
export const AUDIT_EVENT_NAMES = Object.keys(AUDIT_EVENTS) as [AuditEventName, ...AuditEventName[]];
export const AUDIT_SECTION_NAMES = Object.keys(AUDIT_SECTIONS) as [AuditSection, ...AuditSection[]];

/** What an entry is about: a user, brand, folder or asset, named as it was then. */
export const AuditTarget = z.object({
  type: z.enum([
    'user',
    'brand',
    'folder',
    'asset',
    'collection',
    'share_link',
    'comment',
    'download',
    'role',
    'extension',
    'import',
    'sync_source',
    'webhook',
    'metadata_field',
    'vocabulary',
    'saved_search',
    'upload_request',
    'licence',
    'consent',
    'api_key',
    'sso_provider',
    'person',
    'guideline_page',
    'guideline_link',
  ]),
  id: z.number().int(),
  label: z.string(),
});
export type AuditTarget = z.infer<typeof AuditTarget>;

/** One changed field: its value before and after the change. */
export const AuditChange = z.object({ before: z.unknown(), after: z.unknown() });
export const AuditChanges = z.record(z.string(), AuditChange);
export type AuditChanges = z.infer<typeof AuditChanges>;

const AuditPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const AuditEntry = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  event: z.string(),
  section: z.string(),
  /** Who did it; while an admin emulates a user, `user` is that user and `emulator` the admin. */
  user: AuditPerson.nullable(),
  emulator: AuditPerson.nullable(),
  ip: z.string(),
  user_agent: z.string().nullable(),
  target: AuditTarget.nullable(),
  changes: AuditChanges.nullable(),
  info: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const Day = z.iso.date();

export const AuditQuery = PageQuery.extend({
  event: z.enum(AUDIT_EVENT_NAMES).optional(),
  section: z.enum(AUDIT_SECTION_NAMES).optional(),
  user_id: Id.optional(),
  /** Days, inclusive, in UTC. */
  from: Day.optional(),
  to: Day.optional(),
  ip: text().trim().max(64).optional(),
}).superRefine((q, ctx) => {
  if (q.from && q.to && q.to < q.from)
    ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'afterFrom' }, input: q.to });
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditList = paginated(AuditEntry);
export type AuditList = z.infer<typeof AuditList>;

/**
 * The dashboard's recent activity: the newest entries, no total (the log grows without bound).
 * Administrators read everyone's; anyone else what they did themselves (`scope: 'mine'`).
 */
export const AuditRecentQuery = z.object({ limit: QueryInt(1, 50).default(10) });
export const AuditRecent = z.object({ scope: z.enum(['all', 'mine']), items: z.array(AuditEntry) });
export type AuditRecent = z.infer<typeof AuditRecent>;

/**
 * The integrity check's outcome: intact, or the first entry that does not hold and why. `keyed`
 * says whether entries were checked with the app key; `checkpoints` how many anchors agreed.
 */
export const AuditVerify = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  keyed: z.boolean(),
  checkpoints: z.number().int(),
  broken: z
    .object({
      seq: z.number().int(),
      problem: z.enum(['altered', 'removed', 'inserted', 'checkpoint']),
      detail: z.string(),
    })
    .nullable(),
});
export type AuditVerify = z.infer<typeof AuditVerify>;

/** The label of an event or section in a language, for the screen and the export. */
export const auditEventLabel = (name: string, lang: 'en' | 'es') =>
  (AUDIT_EVENTS as Record<string, EventDef>)[name]?.[lang] ?? name;
export const auditSectionLabel = (name: string, lang: 'en' | 'es') =>
  (AUDIT_SECTIONS as Record<string, { en: string; es: string }>)[name]?.[lang] ?? name;
