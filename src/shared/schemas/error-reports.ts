import { z } from 'zod';
import { scrubPath, scrubText } from '../scrub';
import { successEnvelope, UuidSchema } from './common';

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

const text = (max: number, label: string) =>
  z
    .string({ message: `${label} es requerido` })
    .max(max, `${label} no puede exceder ${max} caracteres`)
    .transform(scrubText);

/**
 * An unexpected error seen by a browser (POST /public-api/error-reports). Texts are scrubbed of
 * personal data here, so whatever a client sends, only the scrubbed text reaches the service.
 */
export const ErrorReportBodySchema = z.object({
  source: z.enum(ERROR_REPORT_SOURCES, { message: 'El origen del error no es válido' }),
  message: text(ERROR_REPORT_LIMITS.message, 'El mensaje de error').pipe(
    z.string().trim().min(1, 'El mensaje de error es requerido'),
  ),
  stack: text(ERROR_REPORT_LIMITS.stack, 'La traza del error').optional().nullable(),
  path: z
    .string({ message: 'La ruta es requerida' })
    .min(1, 'La ruta es requerida')
    .max(ERROR_REPORT_LIMITS.path, `La ruta no puede exceder ${ERROR_REPORT_LIMITS.path} caracteres`)
    .regex(/^\/[^\s\p{Cc}]*$/u, 'La ruta debe comenzar con "/" y no contener espacios')
    .transform(scrubPath),
  requestId: z
    .string()
    .max(ERROR_REPORT_LIMITS.requestId, 'El identificador de la solicitud no es válido')
    .regex(/^[\w.:-]+$/, 'El identificador de la solicitud no es válido')
    .optional()
    .nullable(),
});
export type ErrorReportBody = z.infer<typeof ErrorReportBodySchema>;

export const ErrorReportResponseSchema = successEnvelope(
  z.object({ _id: z.string().describe('The report (the same one for repeats of an error)') }),
);

export const ErrorReportParamsSchema = z.object({ id: UuidSchema });

/** The visitor's own words from the modal (POST /public-api/error-reports/:id/description). */
export const ErrorReportDescriptionBodySchema = z.object({
  description: z
    .string({ message: ERROR_REPORT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, ERROR_REPORT_MESSAGES.descriptionRequired)
    .max(ERROR_REPORT_LIMITS.description, ERROR_REPORT_MESSAGES.descriptionTooLong)
    .transform(scrubText),
});
export type ErrorReportDescriptionBody = z.infer<typeof ErrorReportDescriptionBodySchema>;

export const ErrorReportDescriptionResponseSchema = z.object({
  error: z.literal(false),
  message: z.string(),
});
