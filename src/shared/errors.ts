import { z } from 'zod';

/**
 * Error codes and the single code → HTTP status table. Server errors are thrown as
 * AppError(code, message); the web client reads `code` to pick a screen or a toast.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  ORGANIZATION_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  LINK_EXPIRED: 410,
  ORGANIZATION_NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  MAINTENANCE: 503,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Spanish messages used when a more specific one is not given. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'La solicitud no es válida.',
  VALIDATION: 'La solicitud contiene datos no válidos.',
  ORGANIZATION_REQUIRED: 'Por favor selecciona una Organización para continuar.',
  UNAUTHENTICATED: 'Por favor inicia sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  NOT_FOUND: 'El recurso solicitado no existe.',
  LINK_EXPIRED:
    'Este enlace ha expirado o no es válido. Por favor intenta recuperar tu contraseña nuevamente.',
  ORGANIZATION_NOT_FOUND: 'La organización seleccionada no existe.',
  REQUEST_TIMEOUT: 'La solicitud tardó demasiado en llegar. Por favor intenta nuevamente.',
  CONFLICT: 'El registro entra en conflicto con otro existente.',
  PAYLOAD_TOO_LARGE: 'El contenido enviado excede el tamaño permitido.',
  UNSUPPORTED_MEDIA_TYPE: 'El tipo de contenido enviado no es compatible.',
  UNPROCESSABLE: 'No fue posible procesar la solicitud.',
  RATE_LIMITED: 'Has realizado demasiadas solicitudes. Por favor espera un momento e intenta nuevamente.',
  HEADERS_TOO_LARGE:
    'Los encabezados de la solicitud son demasiado grandes. Borra las cookies de este sitio e intenta nuevamente.',
  INTERNAL: 'Ocurrió un error inesperado. Por favor intenta nuevamente.',
  MAINTENANCE: 'El servicio se encuentra en mantenimiento. Por favor intenta más tarde.',
  UNAVAILABLE: 'El servicio no está disponible en este momento. Por favor intenta más tarde.',
};

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The body of every failed response. */
export const ErrorEnvelopeSchema = z.object({
  error: z.literal(true),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
