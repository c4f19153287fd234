import { z } from 'zod';
import { boundedText, successEnvelope } from './common';
import { isWebAddress } from './settings';

/** Shown wherever the installation has not configured a text. */
export const TO_BE_DEFINED = 'Por definir...';

export const CouncilMemberSchema = z.object({ name: z.string(), role: z.string() });

/**
 * The civil association that runs this installation, for the About and Privacy pages and the
 * sign-in page. GENERAL administrators edit it (decision 0022); until they save, it comes from
 * the server's configuration (ABOUT_FILE). Every text defaults to 'Por definir...' and the
 * council lists to empty.
 */
export const AboutSchema = z.object({
  association: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    website: z.string(),
  }),
  about: z.string(),
  mission: z.string(),
  vision: z.string(),
  values: z.string(),
  directiveCouncil: z.array(CouncilMemberSchema),
  consultiveCouncil: z.array(CouncilMemberSchema),
});
export type About = z.infer<typeof AboutSchema>;

export const AboutResponseSchema = successEnvelope(AboutSchema);
export type AboutResponse = z.infer<typeof AboutResponseSchema>;

/** Texts of the installation tab of the settings screen and its calls. */
export const ABOUT_MESSAGES = {
  saved: 'La información de la asociación se actualizó correctamente',
  saveFailed: 'No fue posible actualizar la información de la asociación.',
  loadFailed: 'La información de la asociación no se encuentra disponible en este momento.',
  email: 'El correo de la asociación no tiene un formato válido.',
  website: 'El sitio web debe ser una dirección que empiece con http:// o https://.',
  councilSize: 'Cada consejo puede tener como máximo 30 integrantes.',
} as const;

/** Labels (form and messages) and maximum lengths of the association's texts. */
export const ABOUT_FIELDS = {
  name: { label: 'Nombre de la asociación', max: 150 },
  address: { label: 'Domicilio', max: 300 },
  email: { label: 'Correo electrónico de la asociación', max: 254 },
  website: { label: 'Sitio web', max: 500 },
  about: { label: '¿Quiénes somos?', max: 4_000 },
  mission: { label: 'Misión', max: 1_000 },
  vision: { label: 'Visión', max: 1_000 },
  values: { label: 'Valores', max: 1_000 },
  memberName: { label: 'Nombre del integrante', max: 150 },
  memberRole: { label: 'Cargo del integrante', max: 150 },
} as const;
export type AboutField = keyof typeof ABOUT_FIELDS;
export const COUNCIL_MAX_MEMBERS = 30;

/** A plain text of the association (never HTML; blank lines separate paragraphs on the page). */
const aboutText = (field: AboutField, multiline = false) => boundedText(ABOUT_FIELDS[field], multiline);

const EmailCheck = z.email();

/** A council: members without name and role are dropped. */
const Council = z
  .array(z.object({ name: aboutText('memberName'), role: aboutText('memberRole') }), {
    message: 'La lista del consejo no es válida.',
  })
  .max(COUNCIL_MAX_MEMBERS, ABOUT_MESSAGES.councilSize)
  .transform((members) => members.filter((member) => member.name !== '' || member.role !== ''));

/**
 * POST /api/settings/change-about: every text of the association at once (an empty text reads
 * 'Por definir...' on the public pages). Texts are plain: the pages never read them as HTML.
 */
export const AboutBodySchema = z.object({
  association: z.object({
    name: aboutText('name'),
    address: aboutText('address', true),
    email: aboutText('email')
      .toLowerCase()
      .refine((value) => value === '' || EmailCheck.safeParse(value).success, ABOUT_MESSAGES.email),
    website: aboutText('website').refine(
      (value) => value === '' || isWebAddress(value),
      ABOUT_MESSAGES.website,
    ),
  }),
  about: aboutText('about', true),
  mission: aboutText('mission', true),
  vision: aboutText('vision', true),
  values: aboutText('values', true),
  directiveCouncil: Council,
  consultiveCouncil: Council,
});
export type AboutBody = z.input<typeof AboutBodySchema>;
export type AboutChanges = z.output<typeof AboutBodySchema>;

/** The association's texts for the installation tab: empty where nothing is configured. */
export const AboutSettingsSchema = AboutSchema.extend({
  updatedAt: z
    .string()
    .nullable()
    .describe('When a GENERAL administrator last saved them; null while they come from ABOUT_FILE'),
});
export type AboutSettings = z.infer<typeof AboutSettingsSchema>;

export const AboutSettingsResponseSchema = successEnvelope(AboutSettingsSchema);
export type AboutSettingsResponse = z.infer<typeof AboutSettingsResponseSchema>;
