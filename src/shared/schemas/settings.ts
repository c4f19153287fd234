import { z } from 'zod';
import { LIMITS, PATTERNS } from '../constants/limits';
import { THEME_NAMES } from '../constants/themes';
import { boundedText, successEnvelope } from './common';

/** Texts of the settings screen and its calls (spec: admin area, sections 2 and 8; decision 0016). */
export const SETTINGS_MESSAGES = {
  loadFailed: 'La información general no se encuentra disponible en este momento.',
  saved: 'La información general se actualizó correctamente',
  saveFailed: 'No fue posible actualizar la información general.',
  coverSaved: 'La portada se actualizó correctamente',
  coverFailed: 'No fue posible actualizar la portada.',
  coverMissing: 'Selecciona una imagen para la portada.',
  coverType: 'La portada debe ser una imagen PNG, JPEG, SVG o GIF.',
  coverSize: `La portada no puede pesar más de ${LIMITS.coverBytes / 1024 / 1024} MB.`,
  coverUnsafe: 'La imagen SVG contiene código o referencias externas y no puede usarse.',
  themeSaved: 'El tema se actualizó correctamente',
  themeFailed: 'No fue posible actualizar el tema.',
  themeInvalid: 'El tema seleccionado no es válido.',
  contactEmail: 'El correo del formulario de contacto no tiene un formato válido.',
  socialUrl: 'La liga de redes sociales debe ser una dirección web que empiece con http:// o https://.',
  periodFormat: 'El periodo de administración debe tener el formato 2019-2021.',
  periodUnknown: 'El periodo de administración no existe en los contratos de la organización.',
  boolean: 'El valor debe ser verdadero o falso.',
} as const;

/** Field labels (form and messages) and maximum lengths of the settings texts. */
export const SETTINGS_FIELDS = {
  welcomeTitle: { label: 'Título de bienvenida', max: 150 },
  title: { label: 'Título', max: 150 },
  description: { label: 'Descripción', max: 1_000 },
  contactEmail: { label: 'Correo del formulario de contacto', max: 254 },
  contactLocation: { label: 'Ubicación de contacto', max: 300 },
  address: { label: 'Dirección', max: 300 },
  schedule: { label: 'Horario', max: 200 },
  additionalInformation: { label: 'Información adicional', max: 1_000 },
  socialUrl: { label: 'Liga de redes sociales', max: 500 },
} as const;
export type SettingsTextField = keyof typeof SETTINGS_FIELDS;

/** The texts shown as formatted (rich) text on the public cover; the server sanitises them. */
export const FORMATTED_FIELDS = ['welcomeTitle', 'title', 'description'] as const;
/** The tags a formatted text may keep (no attributes); everything else is removed on the server. */
export const FORMATTED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'p'] as const;

/** A settings text: trimmed, bounded (optionalText stores it as null when empty). */
const settingText = (field: SettingsTextField, multiline = false) =>
  boundedText(SETTINGS_FIELDS[field], multiline);

const emptyToNull = (value: string) => (value === '' ? null : value);
const optionalText = (schema: z.ZodType<string, string>) =>
  schema
    .nullable()
    .optional()
    .transform((value) => (value == null ? value : emptyToNull(value)));

/** An http(s) address with a dotted host name. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const EmailCheck = z.email();

/**
 * POST /api/settings/change-settings: every field optional (a missing one is left as it is);
 * an empty text or null clears it. Formatted texts are sanitised by the server after this check.
 */
export const SettingsBodySchema = z.object({
  welcomeTitle: optionalText(settingText('welcomeTitle')),
  title: optionalText(settingText('title')),
  description: optionalText(settingText('description', true)),
  contactEmail: optionalText(
    settingText('contactEmail')
      .toLowerCase()
      .refine((value) => value === '' || EmailCheck.safeParse(value).success, SETTINGS_MESSAGES.contactEmail),
  ),
  contactLocation: optionalText(settingText('contactLocation', true)),
  address: optionalText(settingText('address', true)),
  schedule: optionalText(settingText('schedule', true)),
  additionalInformation: optionalText(settingText('additionalInformation', true)),
  socialUrl: optionalText(
    settingText('socialUrl').refine(
      (value) => value === '' || isWebAddress(value),
      SETTINGS_MESSAGES.socialUrl,
    ),
  ),
  showBackgroundText: z.boolean({ message: SETTINGS_MESSAGES.boolean }).optional(),
  round: z.boolean({ message: SETTINGS_MESSAGES.boolean }).optional(),
  defaultAdministrationPeriod: optionalText(
    z
      .string({ message: SETTINGS_MESSAGES.periodFormat })
      .trim()
      .max(9, SETTINGS_MESSAGES.periodFormat)
      .refine(
        (value) => value === '' || PATTERNS.administrationPeriod.test(value),
        SETTINGS_MESSAGES.periodFormat,
      ),
  ),
});
export type SettingsBody = z.input<typeof SettingsBodySchema>;
export type SettingsChanges = z.output<typeof SettingsBodySchema>;

/** POST /api/settings/change-theme. */
export const ThemeBodySchema = z.object({
  theme: z.enum(THEME_NAMES, { message: SETTINGS_MESSAGES.themeInvalid }),
});
export type ThemeBody = z.infer<typeof ThemeBodySchema>;

/** The current monitor's public-site settings, for the administration (contactEmail included). */
export const SettingsSchema = z.object({
  welcomeTitle: z.string().nullable().describe('Formatted text, sanitised (b, strong, i, em, u, br, p)'),
  title: z.string().nullable().describe('Formatted text, sanitised (b, strong, i, em, u, br, p)'),
  description: z.string().nullable().describe('Formatted text, sanitised (b, strong, i, em, u, br, p)'),
  contactEmail: z.string().nullable().describe('Where the contact form delivers; never public'),
  contactLocation: z.string().nullable(),
  address: z.string().nullable(),
  schedule: z.string().nullable(),
  additionalInformation: z.string().nullable(),
  socialUrl: z.string().nullable(),
  showBackgroundText: z.boolean(),
  round: z.boolean(),
  defaultAdministrationPeriod: z.string().nullable(),
  cover: z.string().nullable().describe('File id of the cover image, served at /public-api/files/image/{id}'),
  theme: z.enum(THEME_NAMES),
  color: z.string(),
  updatedAt: z.string(),
  administrationPeriods: z
    .array(z.string())
    .describe("The administration periods of the monitor's contracts (choices of the default period)"),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsResponseSchema = successEnvelope(SettingsSchema);
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;
