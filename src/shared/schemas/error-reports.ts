import { z } from 'zod';
import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_MESSAGES,
  ERROR_REPORT_SOURCES,
  type ErrorReportSource,
} from '../constants/error-reports';
import { scrubPath, scrubText } from '../scrub';
import { successEnvelope, UuidSchema } from './common';

export { ERROR_REPORT_LIMITS, ERROR_REPORT_MESSAGES, ERROR_REPORT_SOURCES, type ErrorReportSource };

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
/** What a client sends (before the schema scrubs it). */
export type ErrorReportInput = z.input<typeof ErrorReportBodySchema>;

export const ErrorReportResponseSchema = successEnvelope(
  z.object({ _id: z.string().describe('The report (the same one for repeats of an error)') }),
);
export type ErrorReportResponse = z.infer<typeof ErrorReportResponseSchema>;

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
