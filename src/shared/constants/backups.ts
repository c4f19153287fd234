/**
 * Backup copies of contract documents (issue 15, decision 0037): the states of a document's copy
 * and the reasons an attempt failed, with the words visitors and administrators read.
 */

/** PENDING: not copied yet (first attempt waiting, or retries to come); COPIED: a copy exists; FAILED: no copy and no retry soon. */
export const BACKUP_STATES = ['PENDING', 'COPIED', 'FAILED'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];

/**
 * A document's copy as a contract shows it (public page, contract form): its source's state, or
 * NOT_KEPT for a link no copy is kept of, because it was never registered (the demonstration
 * monitors' contracts are seeded without the contracts' write path, decision 0044). Never
 * 'PENDING' for such a link: no copy is on its way.
 */
export const DOCUMENT_COPY_STATES = [...BACKUP_STATES, 'NOT_KEPT'] as const;
export type DocumentCopyState = (typeof DOCUMENT_COPY_STATES)[number];

export const BACKUP_STATE_LABELS: Record<BackupState, string> = {
  PENDING: 'Pendiente',
  COPIED: 'Copiado',
  FAILED: 'Falló',
};

export const BACKUP_REASONS = [
  'ADDRESS',
  'NOT_ALLOWED',
  'NOT_FOUND',
  'NETWORK',
  'TIMEOUT',
  'STATUS',
  'GONE',
  'TOO_LARGE',
  'NOT_DOCUMENT',
  'REDIRECTS',
  'QUOTA',
] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

/** Why there is no copy (or why the last check failed), as people read it. */
export const BACKUP_REASON_LABELS: Record<BackupReason, string> = {
  ADDRESS: 'La liga no es una dirección web válida (http o https).',
  NOT_ALLOWED: 'La liga apunta a una red privada o reservada; por seguridad no se consulta.',
  NOT_FOUND: 'No se encontró el servidor de la liga.',
  NETWORK: 'No fue posible conectar con el servidor del documento.',
  TIMEOUT: 'El documento original no respondió a tiempo.',
  STATUS: 'El servidor del documento respondió con un error.',
  GONE: 'El documento ya no está en la dirección original.',
  TOO_LARGE: 'El documento excede el tamaño máximo que se respalda.',
  NOT_DOCUMENT: 'La liga no lleva a un documento (por ejemplo, lleva a una página web).',
  REDIRECTS: 'La liga redirige demasiadas veces o a una dirección no permitida.',
  QUOTA: 'El monitor alcanzó su espacio máximo para copias de respaldo.',
};

/** Outcomes that a retry cannot change: tried again only when the link changes (or an administrator asks). */
export const PERMANENT_BACKUP_REASONS: ReadonlySet<BackupReason> = new Set([
  'ADDRESS',
  'NOT_ALLOWED',
  'TOO_LARGE',
  'NOT_DOCUMENT',
]);

/** The types kept as documents, detected from the bytes (never from the server's header). */
export const BACKUP_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/tiff': 'tif',
  'image/webp': 'webp',
  'application/zip': 'zip',
  'application/x-rar-compressed': 'rar',
  'application/x-7z-compressed': '7z',
  'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/rtf': 'rtf',
};
