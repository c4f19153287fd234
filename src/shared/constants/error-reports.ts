/** Kept apart from the zod schema so the browser's error reporter stays small (no zod on first visits). */

/**
 * Texts of the unexpected-error modal (spec: public area section 8, admin area section 8) and of
 * the report endpoints' refusals. The web app translates them (they are catalogue keys).
 */
export const ERROR_REPORT_MESSAGES = {
  title: 'Parece ser que ocurrió algo inesperado',
  sent: 'Tu mensaje ha sido enviado',
  descriptionRequired: 'Por favor describe lo que ocurrió',
  descriptionTooLong: 'La descripción no puede exceder 2000 caracteres',
  tooMany: 'Se han enviado demasiados reportes de error. Por favor espera una hora e intenta nuevamente',
  notFound: 'El reporte de error no existe',
} as const;

/** Longest accepted values; the browser trims its reports to fit (see web/features/error-reports). */
export const ERROR_REPORT_LIMITS = {
  message: 1_000,
  stack: 4_000,
  stackLines: 20,
  path: 300,
  requestId: 100,
  userAgent: 400,
  description: 2_000,
  /** Whole request body: a report at its limits fits easily. */
  bodyBytes: 16_384,
} as const;

/** Where the browser caught the error. */
export const ERROR_REPORT_SOURCES = ['render', 'script', 'promise', 'request'] as const;
export type ErrorReportSource = (typeof ERROR_REPORT_SOURCES)[number];
