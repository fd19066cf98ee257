import type { Lang } from './constants.js';

/** Every error code the API answers with, its HTTP status, and its catalogue text (§8). */
export const ERROR_STATUS = {
  NOT_FOUND: 404,
  FOLDER_NOT_FOUND: 404,
  INVALID_DATA: 422,
  TOO_MANY_ATTEMPTS: 429,
  UNEXPECTED: 500,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_MISMATCH: 419,
  ACCOUNT_ERROR: 403,
  WRONG_CREDENTIALS: 422,
  SSO_REQUIRED: 403,
  SSO_LINK_INVALID: 410,
  LOGIN_TOO_MANY: 429,
  ACCOUNT_LOCKED: 429,
  INVALID_VERIFICATION: 403,
  VERIFICATION_EXPIRED: 403,
  EMAIL_NOT_FOUND: 422,
  RESET_FAILED: 422,
  WRONG_CURRENT_PASSWORD: 422,
  USER_UPDATE_TOO_MANY: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  MISSING_EXTENSION: 422,
  EXTENSION_NOT_ALLOWED: 422,
  CONTENT_MISMATCH: 422,
  FILE_TOO_LARGE: 413,
  UPLOAD_INCOMPLETE: 422,
  MISSING_NAME: 422,
  SHORTCUT_EXISTS_ASSET: 409,
  SHORTCUT_EXISTS_FOLDER: 409,
  PASSWORD_REQUIRED: 401,
  STORAGE_FULL: 507,
  SERVICE_UNAVAILABLE: 503,
  SHARE_LINK_TOO_MANY: 429,
  FIELD_HAS_VALUES: 409,
  VOCABULARY_IN_USE: 409,
  OPTION_CONFLICT: 409,
  BULK_EDIT_BUSY: 409,
  BULK_UNDO_EXPIRED: 409,
  DOWNLOAD_BLOCKED: 403,
  DOWNLOAD_CONFIRM: 409,
  UPLOAD_REQUEST_FULL: 413,
  UPLOAD_REQUEST_TYPE: 422,
  ASSET_EXISTS: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

type Entry = { title: string; message: string };

const en: Record<ErrorCode, Entry> = {
  NOT_FOUND: { title: 'Not Found', message: "We can't find The Resource, check the info and try again later" },
  FOLDER_NOT_FOUND: { title: 'Folder Not Found', message: 'Folder Not Found' },
  INVALID_DATA: {
    title: 'Invalid Data',
    message: 'The Information that you provided is invalid, please review it and try again.',
  },
  TOO_MANY_ATTEMPTS: {
    title: 'Too Many Attempts',
    message: 'You have exceeded the maximum creation attempts. Please wait 1 minute or less and try again.',
  },
  UNEXPECTED: { title: 'Unexpected Error', message: "We've encountered an unexpected error, please try later." },
  UNAUTHENTICATED: { title: 'Not logged in', message: 'You need Login first to before continue.' },
  FORBIDDEN: { title: 'Forbidden', message: "You don't have permission to do that." },
  CSRF_MISMATCH: {
    title: 'Page expired',
    message: 'This page’s security check is missing or has expired. Reload the page and try again.',
  },
  ACCOUNT_ERROR: {
    title: 'Account Error',
    message: 'Your account is inactive or not yet approved. Please contact the administrator.',
  },
  WRONG_CREDENTIALS: { title: 'Wrong credentials', message: 'Invalid Email or Password' },
  SSO_REQUIRED: {
    title: 'Single sign-on required',
    message: "Your account signs in through your organisation's identity provider: use its button on this page.",
  },
  SSO_LINK_INVALID: {
    title: 'Link expired',
    message: 'This sign-in link has expired or was already used. Sign in with your identity provider again.',
  },
  LOGIN_TOO_MANY: {
    title: 'Too Many Attempts',
    message: 'You have exceeded the maximum login attempts. Please wait 1 minute or less and try again.',
  },
  ACCOUNT_LOCKED: {
    title: 'Account locked',
    message: 'Too many failed sign-ins: this account is locked for 15 minutes. Try again later or reset your password.',
  },
  INVALID_VERIFICATION: { title: 'Invalid verification link', message: 'The verification link is invalid.' },
  VERIFICATION_EXPIRED: {
    title: 'Link expired',
    message: 'The verification link has expired or is invalid, please request another link.',
  },
  EMAIL_NOT_FOUND: { title: 'E-mail not found', message: 'The email does not match our records.' },
  RESET_FAILED: {
    title: 'Password not changed',
    message: 'Your password could not be changed: the link has expired or is invalid, please request a new link.',
  },
  WRONG_CURRENT_PASSWORD: { title: 'Wrong current password', message: 'The current password is not correct.' },
  SHARE_LINK_TOO_MANY: {
    title: 'Too Many Requests',
    message:
      'This link was opened or unlocked too often from here or by too many people at once. Wait a minute and try again.',
  },
  USER_UPDATE_TOO_MANY: {
    title: 'Too Many Attempts',
    message: 'You have exceeded the maximum user update attempts. Please wait 1 minute or less and try again.',
  },
  PAYLOAD_TOO_LARGE: { title: 'Too large', message: 'The request is larger than the server accepts.' },
  UNSUPPORTED_MEDIA_TYPE: { title: 'Unsupported content', message: 'The request body format is not supported.' },
  METHOD_NOT_ALLOWED: { title: 'Not allowed', message: 'This operation is not allowed on this address.' },
  MISSING_EXTENSION: { title: 'Invalid Data', message: 'The asset name must include the file extension.' },
  EXTENSION_NOT_ALLOWED: { title: 'Invalid Data', message: 'Files of this type are not allowed.' },
  CONTENT_MISMATCH: { title: 'Invalid Data', message: "The file's content does not match its extension." },
  FILE_TOO_LARGE: { title: 'Too large', message: 'The file is larger than the maximum upload size.' },
  UPLOAD_INCOMPLETE: { title: 'Invalid Data', message: 'The upload was interrupted before the file was complete.' },
  MISSING_NAME: { title: 'Invalid Data', message: 'The file name must have a name before its extension.' },
  SHORTCUT_EXISTS_ASSET: { title: 'Shortcut exists', message: 'A Shortcut already exist for this Asset.' },
  SHORTCUT_EXISTS_FOLDER: { title: 'Shortcut exists', message: 'A Shortcut already exist for this Folder.' },
  PASSWORD_REQUIRED: { title: 'Password required', message: 'This link is protected: enter its password to open it.' },
  STORAGE_FULL: {
    title: 'Storage full',
    message: "The server's storage is full, so nothing new can be saved. Ask an administrator to free some space.",
  },
  SERVICE_UNAVAILABLE: {
    title: 'Temporarily unavailable',
    message: 'The service cannot reach its database right now. Please wait a few seconds and try again.',
  },
  FIELD_HAS_VALUES: {
    title: 'Field holds values',
    message: 'Assets hold values of this field: confirm to delete the field with its values.',
  },
  VOCABULARY_IN_USE: { title: 'Vocabulary in use', message: 'Fields use this vocabulary: change them first.' },
  OPTION_CONFLICT: {
    title: 'Metadata changed',
    message: 'Someone changed these options or fields at the same time. Reload and try again.',
  },
  BULK_EDIT_BUSY: {
    title: 'Bulk edit not finished',
    message: 'This bulk edit is still running or was already undone: wait for it to finish.',
  },
  BULK_UNDO_EXPIRED: {
    title: 'Too late to undo',
    message: 'A bulk edit can be undone for 10 minutes after it was applied; that time is over.',
  },
  DOWNLOAD_BLOCKED: {
    title: 'Not available for use',
    message: 'This asset has expired or is not available yet, and its brand does not allow downloading it.',
  },
  DOWNLOAD_CONFIRM: {
    title: 'Confirmation needed',
    message: "Confirm the asset's usage terms (or that it has expired) before downloading it.",
  },
  UPLOAD_REQUEST_FULL: {
    title: 'Over the request’s limit',
    message:
      'This file would go over what this request accepts (number of files or total size). Send fewer or smaller files.',
  },
  UPLOAD_REQUEST_TYPE: {
    title: 'File type not requested',
    message: 'This request does not accept files of this type.',
  },
  ASSET_EXISTS: { title: 'Already in the brand', message: 'The brand already has this file.' },
};

const es: Record<ErrorCode, Entry> = {
  NOT_FOUND: {
    title: 'No encontrado',
    message: 'No podemos encontrar el recurso, revisa la información e inténtalo de nuevo más tarde',
  },
  FOLDER_NOT_FOUND: { title: 'Carpeta no encontrada', message: 'Carpeta no encontrada' },
  INVALID_DATA: {
    title: 'Datos no válidos',
    message: 'La información que proporcionaste no es válida, revísala e inténtalo de nuevo.',
  },
  TOO_MANY_ATTEMPTS: {
    title: 'Demasiados intentos',
    message: 'Has superado el máximo de intentos de creación. Espera 1 minuto o menos e inténtalo de nuevo.',
  },
  UNEXPECTED: {
    title: 'Error inesperado',
    message: 'Hemos encontrado un error inesperado, inténtalo más tarde.',
  },
  UNAUTHENTICATED: { title: 'Sesión no iniciada', message: 'Primero debes iniciar sesión para continuar.' },
  FORBIDDEN: { title: 'Prohibido', message: 'No tienes permiso para hacer esto.' },
  CSRF_MISMATCH: {
    title: 'Página caducada',
    message: 'Falta la comprobación de seguridad de esta página o ha caducado. Recarga la página e inténtalo de nuevo.',
  },
  ACCOUNT_ERROR: {
    title: 'Error de cuenta',
    message: 'Tu cuenta está inactiva o aún no ha sido aprobada. Contacta con el administrador.',
  },
  WRONG_CREDENTIALS: { title: 'Credenciales incorrectas', message: 'Correo o contraseña no válidos' },
  SSO_REQUIRED: {
    title: 'Inicio de sesión único obligatorio',
    message: 'Tu cuenta entra con el proveedor de identidad de tu organización: usa su botón en esta página.',
  },
  SSO_LINK_INVALID: {
    title: 'Enlace caducado',
    message: 'Este enlace de acceso ha caducado o ya se usó. Vuelve a entrar con tu proveedor de identidad.',
  },
  LOGIN_TOO_MANY: {
    title: 'Demasiados intentos',
    message: 'Has superado el máximo de intentos de inicio de sesión. Espera 1 minuto o menos e inténtalo de nuevo.',
  },
  ACCOUNT_LOCKED: {
    title: 'Cuenta bloqueada',
    message:
      'Demasiados inicios de sesión fallidos: esta cuenta está bloqueada durante 15 minutos. Inténtalo más tarde o restablece tu contraseña.',
  },
  INVALID_VERIFICATION: { title: 'Verificación no válida', message: 'El enlace de verificación no es válido.' },
  VERIFICATION_EXPIRED: {
    title: 'Enlace caducado',
    message: 'El enlace de verificación ha caducado o no es válido, solicita otro enlace.',
  },
  EMAIL_NOT_FOUND: { title: 'Correo no encontrado', message: 'El correo no coincide con nuestros registros.' },
  RESET_FAILED: {
    title: 'Contraseña no cambiada',
    message: 'No se pudo cambiar tu contraseña: el enlace ha caducado o no es válido, solicita uno nuevo.',
  },
  WRONG_CURRENT_PASSWORD: {
    title: 'Contraseña actual incorrecta',
    message: 'La contraseña actual no es correcta.',
  },
  SHARE_LINK_TOO_MANY: {
    title: 'Demasiadas solicitudes',
    message:
      'Este enlace se abrió o desbloqueó demasiadas veces desde aquí o por demasiadas personas a la vez. Espera un minuto e inténtalo de nuevo.',
  },
  USER_UPDATE_TOO_MANY: {
    title: 'Demasiados intentos',
    message:
      'Has superado el máximo de intentos de actualización de usuario. Espera 1 minuto o menos e inténtalo de nuevo.',
  },
  PAYLOAD_TOO_LARGE: { title: 'Demasiado grande', message: 'La petición supera el tamaño que acepta el servidor.' },
  UNSUPPORTED_MEDIA_TYPE: {
    title: 'Contenido no admitido',
    message: 'El formato del cuerpo de la petición no está admitido.',
  },
  METHOD_NOT_ALLOWED: { title: 'No permitido', message: 'Esta operación no está permitida en esta dirección.' },
  MISSING_EXTENSION: {
    title: 'Datos no válidos',
    message: 'El nombre del recurso debe incluir la extensión del archivo.',
  },
  EXTENSION_NOT_ALLOWED: { title: 'Datos no válidos', message: 'No se permiten archivos de este tipo.' },
  CONTENT_MISMATCH: { title: 'Datos no válidos', message: 'El contenido del archivo no coincide con su extensión.' },
  FILE_TOO_LARGE: { title: 'Demasiado grande', message: 'El archivo supera el tamaño máximo de subida.' },
  UPLOAD_INCOMPLETE: { title: 'Datos no válidos', message: 'La subida se interrumpió antes de completar el archivo.' },
  MISSING_NAME: {
    title: 'Datos no válidos',
    message: 'El nombre del archivo debe tener un nombre antes de la extensión.',
  },
  SHORTCUT_EXISTS_ASSET: {
    title: 'El acceso directo ya existe',
    message: 'Ya existe un acceso directo para este recurso.',
  },
  SHORTCUT_EXISTS_FOLDER: {
    title: 'El acceso directo ya existe',
    message: 'Ya existe un acceso directo para esta carpeta.',
  },
  PASSWORD_REQUIRED: {
    title: 'Contraseña necesaria',
    message: 'Este enlace está protegido: introduce su contraseña para abrirlo.',
  },
  STORAGE_FULL: {
    title: 'Almacenamiento lleno',
    message:
      'El almacenamiento del servidor está lleno y no se puede guardar nada nuevo. Pide a un administrador que libere espacio.',
  },
  SERVICE_UNAVAILABLE: {
    title: 'No disponible por el momento',
    message:
      'El servicio no puede conectar con su base de datos ahora mismo. Espera unos segundos e inténtalo de nuevo.',
  },
  FIELD_HAS_VALUES: {
    title: 'El campo tiene valores',
    message: 'Hay recursos con valores de este campo: confirma para eliminar el campo con sus valores.',
  },
  VOCABULARY_IN_USE: {
    title: 'Vocabulario en uso',
    message: 'Hay campos que usan este vocabulario: cámbialos primero.',
  },
  OPTION_CONFLICT: {
    title: 'Los metadatos cambiaron',
    message: 'Otra persona cambió estas opciones o campos al mismo tiempo. Recarga e inténtalo de nuevo.',
  },
  BULK_EDIT_BUSY: {
    title: 'Edición masiva sin terminar',
    message: 'Esta edición masiva aún se está aplicando o ya se deshizo: espera a que termine.',
  },
  BULK_UNDO_EXPIRED: {
    title: 'Demasiado tarde para deshacer',
    message: 'Una edición masiva se puede deshacer durante 10 minutos tras aplicarse; ese tiempo ya pasó.',
  },
  DOWNLOAD_BLOCKED: {
    title: 'No disponible para su uso',
    message: 'Este recurso ha caducado o aún no está disponible, y su marca no permite descargarlo.',
  },
  DOWNLOAD_CONFIRM: {
    title: 'Se necesita confirmación',
    message: 'Confirma las condiciones de uso del recurso (o que ha caducado) antes de descargarlo.',
  },
  UPLOAD_REQUEST_FULL: {
    title: 'Supera el límite de la solicitud',
    message:
      'Este archivo supera lo que acepta esta solicitud (número de archivos o tamaño total). Envía menos archivos o más pequeños.',
  },
  UPLOAD_REQUEST_TYPE: {
    title: 'Tipo de archivo no solicitado',
    message: 'Esta solicitud no acepta archivos de este tipo.',
  },
  ASSET_EXISTS: { title: 'Ya está en la marca', message: 'La marca ya tiene este archivo.' },
};

export const ERROR_CATALOGUE: Record<Lang, Record<ErrorCode, Entry>> = { en, es };

export function errorText(code: ErrorCode, lang: Lang): Entry {
  return ERROR_CATALOGUE[lang][code] ?? ERROR_CATALOGUE.en[code];
}
