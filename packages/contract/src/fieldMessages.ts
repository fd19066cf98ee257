import type { z } from 'zod';
import type { Lang } from './core/constants.js';
import { fieldLabel, kindLabel, valueLabel } from './fieldLabels.js';
import {
  BULK_EDIT_MAX,
  COMMENT_MENTIONS_MAX,
  CROP_MAX_PIXELS,
  CROP_MAX_SIDE,
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_FILES,
  DOWNLOAD_PDF_MAX_ASSETS,
  IMPORT_SCHEDULE_MAX_DAYS,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MAX_COLUMNS,
  TEMPLATE_MAX_ROWS,
  UPLOAD_REQUEST_MAX_DAYS,
} from './core/limits.js';

/**
 * Field messages in the specification's pattern ("{path} is a required field" and its min/max
 * siblings), made from zod issues. Server and web share this so a form shows the same text
 * whether the browser or the API caught the mistake.
 */
const T = {
  en: {
    required: '{path} is a required field',
    min: '{path} must be at least {n} characters',
    max: '{path} must be at most {n} characters',
    minItems: '{path} must have at least {n} items',
    maxItems: '{path} must have at most {n} items',
    minNum: '{path} must be greater than or equal to {n}',
    maxNum: '{path} must be less than or equal to {n}',
    email: '{path} must be a valid email',
    oneOf: '{path} must be one of the following values: {values}',
    type: '{path} must be {type}',
    unknown: '{path} is not an allowed field',
    confirm: '{path} must match password',
    taken: '{path} has already been taken',
    invalid: '{path} is invalid',
    immutable: '{path} cannot be changed',
    descendant: '{path} cannot be the folder itself or one of its subfolders',
    image: '{path} must be an image (JPEG, PNG, WebP, GIF, TIFF or AVIF)',
    dateOrder: '{path} must be on or after the start date',
    acknowledge: '{path}: read and accept the personal-data notice first',
    facesUnavailable: '{path}: this installation does not run face analysis; ask your administrator to turn it on',
    afterFrom: '{path} must be on or after the From date',
    hexColor: '{path} must be a colour in the #RRGGBB form, such as #1C7ED6',
    nameOnly: '{path} must have a name before its extension',
    control: '{path} contains characters that are not allowed',
    common: '{path} is one of the most common passwords: choose one that is harder to guess',
    grant: '{path} includes something you cannot grant',
    scopeNotHeld: '{path} includes permissions you do not hold: {values}',
    expiryFuture: '{path} must be in the future and at most {n} days away',
    roleInUse: '{path}: {n} users hold this role; give them another role first',
    roleAdmin: '{path}: the admin role keeps every permission and cannot be renamed or deleted',
    own: '{path} of your own account can only be changed by an administrator',
    mention: '{path} names someone who cannot see this asset',
    mentions: `{path} may mention at most ${COMMENT_MENTIONS_MAX} people`,
    cropEmpty: '{path} must be greater than 0: the crop needs an area',
    cropOutside: '{path} takes the crop outside the image',
    cropImage: '{path}: only JPEG, PNG, WebP, GIF, TIFF and AVIF images can be cropped',
    upscale: "{path}: the output may not exceed the original's pixels unless upscaling is chosen",
    duplicateName: '{path} is already the name of another one in this list',
    duplicateItems: '{path} names the same one twice',
    unknownRole: '{path} names a role that does not exist',
    httpsIssuer: '{path} must be an https address (plain http only for this machine)',
    ssoAdminRole: '{path}: the admin role always keeps password sign-in, so administrators are never locked out',
    envProvider: '{path}: this provider is set by environment variables; change it there',
    cropTooLarge: `{path}: the output may be at most ${CROP_MAX_SIDE.toLocaleString('en')} pixels a side and ${CROP_MAX_PIXELS / 1e6} megapixels`,
    emptySelection: '{path}: choose at least one asset or folder to download',
    downloadTooBig: `{path}: one download holds at most ${DOWNLOAD_MAX_FILES.toLocaleString('en')} files and ${DOWNLOAD_MAX_BYTES / 1024 ** 3} GB`,
    pdfTooMany: `{path}: a PDF shows at most ${DOWNLOAD_PDF_MAX_ASSETS} assets`,
    nothingToDownload: '{path}: none of the chosen files can be downloaded',
    watermarkPng: '{path} must be a PNG image (with transparency) of at most 5 MB',
    extensionName: '{path} must be a file extension such as png or .tar.gz',
    mimeType: '{path} must be a MIME type such as image/png',
    fileTooLarge: '{path} must be a file of at most {n} MB',
    ownStatus: '{path} of your own account cannot be changed',
    templateEmpty: '{path}: choose at least one asset, folder or search for the template',
    templateFile: `{path} must be an xlsx spreadsheet of at most ${TEMPLATE_MAX_BYTES / 1024 ** 2} MB, ${TEMPLATE_MAX_ROWS.toLocaleString('en')} rows and ${TEMPLATE_MAX_COLUMNS} columns, without macros or a password`,
    templateOneBrand: '{path}: a template holds the assets of one brand',
    templateTooMany: `{path}: a template holds at most ${TEMPLATE_MAX_ROWS.toLocaleString('en')} rows`,
    runAt: `{path} must be in the future and at most ${IMPORT_SCHEDULE_MAX_DAYS} days ahead`,
    importState: '{path}: this import cannot do that in its present state',
    expiresAt: `{path} must be in the future and at most ${UPLOAD_REQUEST_MAX_DAYS} days ahead`,
    fileTypes: '{path} includes file types that are not allowed: {values}',
    webhookHttps: '{path} must be an https:// address (without a user name or password)',
    webhookPrivate: '{path} points to a private, loopback or link-local address, which webhooks may not call',
    webhookUnresolvable: '{path}: its host name could not be found',
    syncNoRoots: '{path}: no sync roots are configured on this server (SYNC_ROOTS), so no source can be added',
    syncOutsideRoots: "{path} must be a directory inside one of the server's sync roots",
    syncNotFound: '{path} must be an existing directory on the server',
    syncUnreadable: '{path} is a directory the server cannot read',
    folderNotInBrand: '{path} must be a folder of the chosen brand',
    siblingName: '{path}: another folder here already has this name',
    moveName: '{path} already holds a folder with this name',
    restoreName: '{path}: a folder with this name is now where this one was; rename that one, then restore',
    restoreParent: '{path}: the folder this one was in is in the Trash; restore that one first',
    metaRequired: '{label} is a required field',
    metaOption: '{label} must be one of its options (and not a retired one)',
    metaNumber: '{label} must be a number',
    metaDate: '{label} must be a date (YYYY-MM-DD)',
    metaUrl: '{label} must be a web address (http or https)',
    metaText: '{label} must be text of at most {n} characters',
    metaBoolean: '{label} must be yes or no',
    metaAssetType: '{label} does not apply to this type of asset',
    metaUnknownField: '{path} is not a metadata field of this brand',
    metaBulkOp: '{label}: adding options applies to multi select fields only, removing to fields with options',
    bulkTarget: '{path}: choose assets, a folder or a search (one of them)',
    bulkOps: '{path}: choose between 1 and 50 fields to change',
    bulkOneBrand: '{path}: a bulk edit changes the assets of one brand',
    bulkTooMany: `{path}: a bulk edit reaches at most ${BULK_EDIT_MAX.toLocaleString('en')} assets`,
    bulkEmpty: '{path}: none of these assets can be changed by you',
    metaFilter: 'The filter on {label} does not fit its type',
    metaSort: 'Results cannot be sorted by {label}: only number and date fields sort',
    fieldHasValues: '{path}: {n} assets hold a value of this field; confirm to delete the field and its values',
    fieldTypeLocked: '{path} cannot change while {n} assets hold values of this field',
    vocabularyInUse: '{path}: {n} fields use this vocabulary; change them first',
    embedSourceTwice: '{path}: each embedded source is mapped once',
    embedFieldType: '{path}: this source cannot fill a field of that type',
    vocabularyKind: '{path}: a tree field takes a tree vocabulary, and a select field a list',
    optionParent: '{path} must be an option of the same vocabulary, not the option itself or one below it',
    optionTaken: '{path}: another option here already has this label',
    optionGone: '{path}: the option was changed or merged meanwhile; reload and try again',
    twoFactorCode: '{path} is not the current code of your authenticator app',
    twoFactorRecovery: '{path} is not one of your unused recovery codes',
    twoFactorProof: '{path}: enter your password or a code from your authenticator app',
    twoFactorOn: '{path}: two-factor sign-in is already on',
    twoFactorOff: '{path}: two-factor sign-in is not on',
    twoFactorRequired: '{path}: your role requires two-factor sign-in, so it cannot be turned off',
    twoFactorChallenge: '{path}: this sign-in has expired; enter your e-mail and password again',
    twoFactorSetupFirst: '{path}: scan the QR code first',
    savedSearchStale: '{path}: this saved search uses filters the searcher no longer accepts; save it again',
    notAnOption: "{label}: '{value}' is not one of the brand's options",
    vocabularySystem: '{path}: this vocabulary holds the themes, visual language or rights channels and stays',
    territory: '{path} must hold ISO 3166 country codes (such as ES or GB) or WW for worldwide',
    channel: "{path} holds a channel that is not in the brand's list of channels",
    html: '{path} must be plain text: HTML and scripts are not allowed',
    linkUrl: '{path} must be a web address (http or https) or a mailto: address',
    hexColour: '{path} must be a HEX colour such as #1A2B3C',
    guidelineAsset: "{path} uses an asset that is not one of this brand's or that you cannot see",
    guidelineAssetType: '{path} uses a file of the wrong kind for its block (an image, a video or a PDF)',
    guidelineChapter: '{path} must be a chapter of the same brand',
    guidelineDescendant: '{path} cannot be the page itself or one inside it',
    guidelineNotEmpty: '{path}: this chapter still holds pages; move or delete them first',
    guidelineNoVersion: '{path} is not a published version of this page',
    guidelinePdfEmpty: 'There is no published guidelines page to export',
  },
  es: {
    required: 'El campo {path} es obligatorio',
    min: '{path} debe tener al menos {n} caracteres',
    max: '{path} debe tener como máximo {n} caracteres',
    minItems: '{path} debe tener al menos {n} elementos',
    maxItems: '{path} debe tener como máximo {n} elementos',
    minNum: '{path} debe ser mayor o igual que {n}',
    maxNum: '{path} debe ser menor o igual que {n}',
    email: '{path} debe ser un correo válido',
    oneOf: '{path} debe ser uno de los siguientes valores: {values}',
    type: 'El campo {path} debe ser {type}',
    unknown: '{path} no es un campo permitido',
    confirm: '{path} debe coincidir con la contraseña',
    taken: '{path} ya está en uso',
    invalid: 'El campo {path} no es válido',
    immutable: '{path} no se puede cambiar',
    descendant: '{path} no puede ser la propia carpeta ni una de sus subcarpetas',
    image: '{path} debe ser una imagen (JPEG, PNG, WebP, GIF, TIFF o AVIF)',
    dateOrder: '{path} debe ser igual o posterior a la fecha de inicio',
    acknowledge: '{path}: lee y acepta primero el aviso sobre datos personales',
    facesUnavailable:
      '{path}: esta instalación no tiene activado el análisis de caras; pide a tu administrador que lo active',
    afterFrom: '{path} debe ser igual o posterior a la fecha Desde',
    hexColor: '{path} debe ser un color con la forma #RRGGBB, como #1C7ED6',
    nameOnly: '{path} debe tener un nombre antes de la extensión',
    control: '{path} contiene caracteres no permitidos',
    common: '{path} es una de las contraseñas más comunes: elige una más difícil de adivinar',
    grant: '{path} incluye algo que no puedes conceder',
    scopeNotHeld: '{path} contiene permisos que no tienes: {values}',
    expiryFuture: '{path} debe estar en el futuro y a como mucho {n} días',
    roleInUse: '{path}: {n} usuarios tienen este rol; asígnales otro rol primero',
    roleAdmin: '{path}: el rol admin conserva todos los permisos y no se puede renombrar ni eliminar',
    own: '{path} de tu propia cuenta solo lo puede cambiar un administrador',
    mention: '{path} nombra a alguien que no puede ver este recurso',
    mentions: `{path} puede mencionar como máximo a ${COMMENT_MENTIONS_MAX} personas`,
    cropEmpty: '{path} debe ser mayor que 0: el recorte necesita un área',
    cropOutside: '{path} deja el recorte fuera de la imagen',
    cropImage: '{path}: solo se pueden recortar imágenes JPEG, PNG, WebP, GIF, TIFF y AVIF',
    upscale: '{path}: la salida no puede superar los píxeles del original salvo que se elija ampliar',
    duplicateName: '{path} ya es el nombre de otro elemento de esta lista',
    duplicateItems: '{path} nombra el mismo elemento dos veces',
    unknownRole: '{path} nombra un rol que no existe',
    httpsIssuer: '{path} debe ser una dirección https (http solo para este equipo)',
    ssoAdminRole:
      '{path}: el rol admin conserva siempre el acceso con contraseña, para que los administradores nunca queden fuera',
    envProvider: '{path}: este proveedor se define con variables de entorno; cámbialo allí',
    cropTooLarge: `{path}: la salida puede tener como máximo ${CROP_MAX_SIDE.toLocaleString('es')} píxeles por lado y ${CROP_MAX_PIXELS / 1e6} megapíxeles`,
    emptySelection: '{path}: elige al menos un recurso o una carpeta para descargar',
    downloadTooBig: `{path}: una descarga contiene como máximo ${DOWNLOAD_MAX_FILES.toLocaleString('es')} archivos y ${DOWNLOAD_MAX_BYTES / 1024 ** 3} GB`,
    pdfTooMany: `{path}: un PDF muestra como máximo ${DOWNLOAD_PDF_MAX_ASSETS} recursos`,
    nothingToDownload: '{path}: ninguno de los archivos elegidos se puede descargar',
    watermarkPng: '{path} debe ser una imagen PNG (con transparencia) de 5 MB como máximo',
    extensionName: '{path} debe ser una extensión de archivo como png o .tar.gz',
    mimeType: '{path} debe ser un tipo MIME como image/png',
    fileTooLarge: '{path} debe ser un archivo de {n} MB como máximo',
    ownStatus: '{path} de tu propia cuenta no se puede cambiar',
    templateEmpty: '{path}: elige al menos un recurso, una carpeta o una búsqueda para la plantilla',
    templateFile: `{path} debe ser una hoja de cálculo xlsx de ${TEMPLATE_MAX_BYTES / 1024 ** 2} MB, ${TEMPLATE_MAX_ROWS.toLocaleString('es')} filas y ${TEMPLATE_MAX_COLUMNS} columnas como máximo, sin macros ni contraseña`,
    templateOneBrand: '{path}: una plantilla contiene los recursos de una sola marca',
    templateTooMany: `{path}: una plantilla contiene como máximo ${TEMPLATE_MAX_ROWS.toLocaleString('es')} filas`,
    runAt: `{path} debe ser futura y como máximo a ${IMPORT_SCHEDULE_MAX_DAYS} días`,
    importState: '{path}: esta importación no puede hacer eso en su estado actual',
    expiresAt: `{path} debe ser futura y como máximo a ${UPLOAD_REQUEST_MAX_DAYS} días`,
    fileTypes: '{path} incluye tipos de archivo no permitidos: {values}',
    syncNoRoots:
      '{path}: este servidor no tiene raíces de sincronización configuradas (SYNC_ROOTS), así que no se puede añadir ningún origen',
    webhookHttps: '{path} debe ser una dirección https:// (sin usuario ni contraseña)',
    webhookPrivate:
      '{path} apunta a una dirección privada, de bucle local o de enlace local, a la que los webhooks no pueden llamar',
    webhookUnresolvable: '{path}: no se encontró su nombre de host',
    syncOutsideRoots: '{path} debe ser una carpeta dentro de una de las raíces de sincronización del servidor',
    syncNotFound: '{path} debe ser una carpeta que exista en el servidor',
    syncUnreadable: '{path} es una carpeta que el servidor no puede leer',
    folderNotInBrand: '{path} debe ser una carpeta de la marca elegida',
    siblingName: '{path}: otra carpeta de este lugar ya tiene este nombre',
    moveName: '{path} ya contiene una carpeta con este nombre',
    restoreName: '{path}: ahora hay una carpeta con este nombre donde estaba esta; renombra esa y vuelve a restaurar',
    restoreParent: '{path}: la carpeta en la que estaba esta está en la Papelera; restaura esa primero',
    metaRequired: 'El campo {label} es obligatorio',
    metaOption: '{label} debe ser una de sus opciones (y no una retirada)',
    metaNumber: '{label} debe ser un número',
    metaDate: '{label} debe ser una fecha (AAAA-MM-DD)',
    metaUrl: '{label} debe ser una dirección web (http o https)',
    metaText: '{label} debe ser un texto de {n} caracteres como máximo',
    metaBoolean: '{label} debe ser sí o no',
    metaAssetType: '{label} no se aplica a este tipo de recurso',
    metaUnknownField: '{path} no es un campo de metadatos de esta marca',
    metaBulkOp:
      '{label}: añadir opciones solo vale para campos de selección múltiple, y quitar para campos con opciones',
    bulkTarget: '{path}: elige recursos, una carpeta o una búsqueda (solo una de ellas)',
    bulkOps: '{path}: elige entre 1 y 50 campos que cambiar',
    bulkOneBrand: '{path}: una edición masiva cambia recursos de una sola marca',
    bulkTooMany: `{path}: una edición masiva alcanza como máximo ${BULK_EDIT_MAX.toLocaleString('es')} recursos`,
    bulkEmpty: '{path}: no puedes cambiar ninguno de estos recursos',
    metaFilter: 'El filtro de {label} no corresponde a su tipo',
    metaSort: 'Los resultados no se pueden ordenar por {label}: solo ordenan los campos de número y fecha',
    fieldHasValues: '{path}: {n} recursos tienen un valor de este campo; confirma para eliminar el campo y sus valores',
    fieldTypeLocked: '{path} no puede cambiar mientras {n} recursos tengan valores de este campo',
    vocabularyInUse: '{path}: {n} campos usan este vocabulario; cámbialos primero',
    embedSourceTwice: '{path}: cada fuente incrustada se asigna una sola vez',
    embedFieldType: '{path}: esta fuente no puede rellenar un campo de ese tipo',
    vocabularyKind: '{path}: un campo de árbol usa un vocabulario de árbol, y un campo de selección una lista',
    optionParent:
      '{path} debe ser una opción del mismo vocabulario, que no sea la propia opción ni una que cuelgue de ella',
    optionTaken: '{path}: otra opción de este lugar ya tiene esta etiqueta',
    optionGone: '{path}: la opción cambió o se fusionó entretanto; recarga e inténtalo de nuevo',
    twoFactorCode: '{path} no es el código actual de tu aplicación de autenticación',
    twoFactorRecovery: '{path} no es uno de tus códigos de recuperación sin usar',
    twoFactorProof: '{path}: escribe tu contraseña o un código de tu aplicación de autenticación',
    twoFactorOn: '{path}: la verificación en dos pasos ya está activada',
    twoFactorOff: '{path}: la verificación en dos pasos no está activada',
    twoFactorRequired: '{path}: tu rol exige la verificación en dos pasos, así que no se puede desactivar',
    twoFactorChallenge: '{path}: este inicio de sesión ha caducado; vuelve a escribir tu correo y contraseña',
    twoFactorSetupFirst: '{path}: escanea primero el código QR',
    savedSearchStale: '{path}: esta búsqueda guardada usa filtros que el buscador ya no acepta; vuelve a guardarla',
    notAnOption: '{label}: «{value}» no es una de las opciones de la marca',
    vocabularySystem:
      '{path}: este vocabulario guarda los temas, el lenguaje visual o los canales de derechos y no se elimina',
    territory: '{path} debe tener códigos de país ISO 3166 (como ES o GB) o WW para todo el mundo',
    channel: '{path} tiene un canal que no está en la lista de canales de la marca',
    html: '{path} debe ser texto sin formato: no se admiten HTML ni scripts',
    linkUrl: '{path} debe ser una dirección web (http o https) o una dirección mailto:',
    hexColour: '{path} debe ser un color HEX como #1A2B3C',
    guidelineAsset: '{path} usa un recurso que no es de esta marca o que no puedes ver',
    guidelineAssetType: '{path} usa un archivo de tipo incorrecto para su bloque (una imagen, un vídeo o un PDF)',
    guidelineChapter: '{path} debe ser un capítulo de la misma marca',
    guidelineDescendant: '{path} no puede ser la propia página ni una que esté dentro de ella',
    guidelineNotEmpty: '{path}: este capítulo aún contiene páginas; muévelas o elimínalas primero',
    guidelineNoVersion: '{path} no es una versión publicada de esta página',
    guidelinePdfEmpty: 'No hay ninguna página publicada de las guías que exportar',
  },
} as const;
export type FieldMessageKey = keyof (typeof T)['en'];

/**
 * The message `key` with its variables filled in; `path` is named as people call the field,
 * except for a field the request should not have sent, which is named as it was sent.
 */
export function fieldText(lang: Lang, key: FieldMessageKey, vars: Record<string, string | number>): string {
  const named = { ...vars };
  if (typeof vars.path === 'string' && key !== 'unknown') named.path = fieldLabel(lang, vars.path);
  // A brand's own field names itself in each language (`label_en`, `label_es`).
  const own = vars[`label_${lang}`];
  if (own !== undefined) named.label = own;
  return T[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(named[k] ?? ''));
}

/** Custom issues carry the message key in params.key (e.g. confirm, taken). */
export function issueToMessage(issue: z.core.$ZodIssue, path: string, lang: Lang): string {
  const v = (key: FieldMessageKey, extra: Record<string, string | number> = {}) =>
    fieldText(lang, key, { path, ...extra });
  switch (issue.code) {
    case 'invalid_type': {
      // `input` is there when parsed with reportInput; otherwise zod's own message says it.
      const missing =
        'input' in issue
          ? issue.input === undefined || issue.input === null
          : /received (undefined|null)/.test(issue.message);
      return missing ? v('required') : v('type', { type: kindLabel(lang, issue.expected) });
    }
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n === 1 ? v('required') : v('min', { n });
      if (issue.origin === 'array') return v('minItems', { n });
      return v('minNum', { n });
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return v('max', { n });
      if (issue.origin === 'array') return v('maxItems', { n });
      return v('maxNum', { n });
    }
    case 'invalid_format':
      return issue.format === 'email' ? v('email') : v('invalid');
    case 'invalid_value':
      if ('input' in issue && (issue.input === undefined || issue.input === null || issue.input === ''))
        return v('required');
      return v('oneOf', { values: issue.values.map((value) => valueLabel(lang, String(value))).join(', ') });
    case 'unrecognized_keys':
      return v('unknown');
    case 'custom': {
      const key = (issue.params as { key?: FieldMessageKey } | undefined)?.key;
      return v(key ?? 'invalid');
    }
    default:
      return v('invalid');
  }
}

/** Flattens zod issues to {field: message}; unknown keys each get their own entry. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const base = issue.path.join('.');
      for (const key of issue.keys) {
        const p = base ? `${base}.${key}` : key;
        fields[p] ??= issueToMessage(issue, p, lang);
      }
      continue;
    }
    const p = issue.path.join('.') || 'body';
    fields[p] ??= issueToMessage(issue, p, lang);
  }
  return fields;
}
