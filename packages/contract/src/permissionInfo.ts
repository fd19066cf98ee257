import type { PermissionName } from './core/permissions.js';

/** The areas the roles screen groups permissions by, in its order, with their names. */
export const PERMISSION_AREAS = {
  dashboard: { en: 'Dashboard', es: 'Panel' },
  brands: { en: 'Brands', es: 'Marcas' },
  collections: { en: 'Collections', es: 'Colecciones' },
  assets: { en: 'Assets', es: 'Recursos' },
  folders: { en: 'Folders', es: 'Carpetas' },
  content: { en: 'Content', es: 'Contenido' },
  users: { en: 'Users', es: 'Usuarios' },
  roles: { en: 'Roles', es: 'Roles' },
  shareLinks: { en: 'Share links', es: 'Enlaces compartidos' },
  comments: { en: 'Comments', es: 'Comentarios' },
  metadata: { en: 'Metadata', es: 'Metadatos' },
  rights: { en: 'Usage rights', es: 'Derechos de uso' },
  guidelines: { en: 'Brand guidelines', es: 'Guías de marca' },
  tour: { en: 'Tour', es: 'Recorrido' },
} as const;
export type PermissionArea = keyof typeof PERMISSION_AREAS;

type Info = { area: PermissionArea; en: string; es: string };
const i = (area: PermissionArea, en: string, es: string): Info => ({ area, en, es });

/** What each permission allows, in one line per language (roles and user screens). */
export const PERMISSION_INFO: Record<PermissionName, Info> = {
  'dashboard.view': i('dashboard', 'Open the dashboard', 'Abrir el panel'),
  'brand.view': i(
    'brands',
    'See their brands, with folders, assets and search',
    'Ver sus marcas, con carpetas, recursos y búsqueda',
  ),
  'brand.manage': i('brands', 'Create, edit and remove brands', 'Crear, editar y eliminar marcas'),
  'collection.view': i('collections', 'Use collections and favourites', 'Usar colecciones y favoritos'),
  'asset.view': i(
    'assets',
    'Open the asset manager and sync screens',
    'Abrir las pantallas de gestión y sincronización de recursos',
  ),
  'asset.manage': i(
    'assets',
    'Lock asset names; open the admin Assets menu',
    'Bloquear nombres de recursos; abrir el menú Recursos de administración',
  ),
  'asset.create': i('assets', 'Upload assets and new versions', 'Subir recursos y nuevas versiones'),
  'asset.update': i('assets', 'Edit and move assets', 'Editar y mover recursos'),
  'asset.delete': i('assets', 'Remove and restore assets', 'Eliminar y restaurar recursos'),
  'asset.download': i('assets', 'Download assets', 'Descargar recursos'),
  'asset.approve': i(
    'assets',
    'Review uploads that need approval: approve or reject them',
    'Revisar las subidas que requieren aprobación: aprobarlas o rechazarlas',
  ),
  'folder.manage': i(
    'folders',
    'Create, rename, move and remove folders',
    'Crear, renombrar, mover y eliminar carpetas',
  ),
  'content.private': i('content', 'See private folders and assets', 'Ver carpetas y recursos privados'),
  'user.view': i('users', 'See the users of their brands', 'Ver los usuarios de sus marcas'),
  'user.manage': i(
    'users',
    'Create, edit, approve, deactivate and unlock users',
    'Crear, editar, aprobar, desactivar y desbloquear usuarios',
  ),
  'user.emulate': i(
    'users',
    'Act as another user (administrators only)',
    'Actuar como otro usuario (solo administradores)',
  ),
  'user.update': i('users', 'Use the users template action', 'Usar la acción de plantilla de usuarios'),
  'user.tour': i('tour', 'See the guided tour', 'Ver el recorrido guiado'),
  'role.view': i('roles', 'See roles and their permissions', 'Ver roles y sus permisos'),
  'role.manage': i('roles', 'Create, change and delete roles', 'Crear, cambiar y eliminar roles'),
  'shareLink.view': i('shareLinks', 'See every share link', 'Ver todos los enlaces compartidos'),
  'shareLink.manage': i('shareLinks', 'Change and revoke share links', 'Cambiar y revocar enlaces compartidos'),
  'comment.create': i('comments', 'Comment on assets', 'Comentar recursos'),
  'metadata.manage': i(
    'metadata',
    "Define their brands' metadata fields and vocabularies",
    'Definir los campos de metadatos y vocabularios de sus marcas',
  ),
  'rights.manage': i(
    'rights',
    "Manage their brands' licences and consents, and link them to assets",
    'Gestionar las licencias y los consentimientos de sus marcas, y vincularlos a recursos',
  ),
  'guidelines.manage': i(
    'guidelines',
    "Write, publish and revert their brands' guidelines pages",
    'Escribir, publicar y revertir las páginas de las guías de sus marcas',
  ),
};
