import { z } from 'zod';
import { successEnvelope, UuidSchema } from './common';

/**
 * The open data's calls (issue 31, decision 0051): the files a monitor (or the whole installation)
 * offers for download, the OCDS API's queries. The packages themselves are OCDS documents (their
 * schema is the standard's, not ours).
 */

/** The bulk files, by the name's ending after the monitor's id (`/public-api/ocds/bulk/{id}.{ending}`). */
export const OPEN_DATA_FILES = [
  'releases.json',
  'records.json',
  'jsonl',
  'csv',
  'suppliers.csv',
  'xlsx',
] as const;
export type OpenDataFile = (typeof OPEN_DATA_FILES)[number];

/** The name standing for the whole installation in a bulk file's address (`/public-api/ocds/bulk/all.csv`). */
export const INSTALLATION_FILES = 'all';

export const OpenDataFileSchema = z.object({
  file: z.enum(OPEN_DATA_FILES),
  /** The file's address, relative to the portal (`/public-api/ocds/bulk/…`). */
  url: z.string(),
  mediaType: z.string(),
  /** Bytes, once the file of the current data version has been built; null while it is being built. */
  size: z.number().int().nullable(),
  /** When the data it holds last changed. */
  date: z.string().nullable(),
});
export type OpenDataFileInfo = z.infer<typeof OpenDataFileSchema>;

export const OpenDataFilesQuerySchema = z.object({
  organization: UuidSchema.optional().describe('Id of the monitor; absent, only the installation’s files'),
});

export const OpenDataFilesSchema = z.object({
  /** The monitor's files, when one was asked for. */
  monitor: z
    .object({
      _id: z.string(),
      name: z.string(),
      contracts: z.number().int(),
      files: z.array(OpenDataFileSchema),
    })
    .nullable(),
  /** Every monitor of the installation together. */
  installation: z.object({ contracts: z.number().int(), files: z.array(OpenDataFileSchema) }),
  license: z.object({ url: z.string(), name: z.string() }),
  ocidPrefix: z.string(),
  /** The OCDS API's address (`/public-api/ocds/releases`) and its documentation (`/api/docs`). */
  api: z.object({ releases: z.string(), docs: z.string() }),
});
export type OpenDataFiles = z.infer<typeof OpenDataFilesSchema>;
export const OpenDataFilesResponseSchema = successEnvelope(OpenDataFilesSchema);
export type OpenDataFilesResponse = z.infer<typeof OpenDataFilesResponseSchema>;

/** `GET /public-api/ocds/releases`: a page of a monitor's (or every monitor's) releases. */
export const ReleasesQuerySchema = z.object({
  organization: UuidSchema.optional().describe(
    'Id of the monitor; absent, every monitor of the installation',
  ),
  since: z.iso
    .datetime({
      offset: true,
      message: 'La fecha «since» debe ser una fecha y hora ISO 8601, como 2026-01-31T00:00:00Z.',
    })
    .or(z.iso.date({ message: 'La fecha «since» debe ser una fecha ISO 8601, como 2026-01-31.' }))
    .optional()
    .describe('Only the releases published after this date and time (ISO 8601)'),
  cursor: z
    .string()
    .max(200)
    .regex(/^[0-9]+\.[0-9]+$/, 'El cursor no es válido: use el de links.next de la página anterior.')
    .optional()
    .describe('Where the page starts: the value given in the previous page’s links.next'),
  limit: z.coerce
    .number({ message: 'El límite debe ser un número.' })
    .int('El límite debe ser un número entero.')
    .min(1, 'El límite debe ser 1 o mayor.')
    .max(1000, 'El límite debe ser 1000 o menor.')
    .default(100)
    .describe('Releases per page (1 to 1000, 100 by default)'),
});
export type ReleasesQuery = z.infer<typeof ReleasesQuerySchema>;
