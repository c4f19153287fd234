import { z } from 'zod';
import { ANY_RED_FLAG, RED_FLAG_CODES } from '../red-flags/definitions';
import { successEnvelope } from './common';
import { PublicFiltersSchema } from './filters';

/**
 * Follows by e-mail without an account (issue 33, decision 0053): the follow form, the
 * confirmation and management pages' calls and the administrators' summary.
 */

export const ALERT_KINDS = ['CONTRACTS', 'FLAG', 'INDEX', 'PUBLICATION'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_FREQUENCIES = ['IMMEDIATE', 'WEEKLY'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  CONTRACTS: 'Contratos nuevos',
  FLAG: 'Contratos con señales de alerta',
  INDEX: 'Índice de riesgo de corrupción',
  PUBLICATION: 'Publicación trimestral',
};

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  IMMEDIATE: 'En cuanto haya cambios',
  WEEKLY: 'Un resumen cada lunes',
};

/** The name of the 'any red flag' target. */
export const ANY_RED_FLAG_NAME = 'Cualquier señal de alerta';

export const ALERT_LIMITS = {
  /** Follows (confirmed or not) one address may hold. */
  followsPerAddress: 20,
  /** Confirmation and new-link e-mails to one address per hour. */
  mailsPerHour: 5,
  /** Days after unsubscribing during which no confirmation is sent unless asked again. */
  suppressionDays: 30,
  thresholdMin: 0.5,
  thresholdMax: 100,
  /** INDEX follows without a threshold: points the index must move by. */
  defaultThreshold: 5,
  email: 254,
  captcha: 8_000,
  token: 200,
} as const;

/** Texts of the alerts' answers, shared by the server and the web (which translates them). */
export const ALERT_MESSAGES = {
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'El correo electrónico no tiene el formato correcto',
  kindInvalid: 'Elige qué quieres seguir.',
  frequencyInvalid: 'Elige cada cuándo quieres recibir avisos.',
  codeRequired: 'Elige la señal de alerta que quieres seguir.',
  codeInvalid: 'La señal de alerta no es válida.',
  thresholdInvalid: `El cambio del índice debe estar entre ${ALERT_LIMITS.thresholdMin} y ${ALERT_LIMITS.thresholdMax} puntos.`,
  thresholdOnlyIndex: 'Solo los avisos del índice tienen un umbral.',
  captchaRequired: 'Por favor marca la casilla «No soy un robot» antes de continuar',
  captchaInvalid: 'No pudimos comprobar que no eres un robot. Por favor marca la casilla de nuevo',
  captchaExpired: 'La verificación expiró. Por favor marca la casilla «No soy un robot» de nuevo',
  captchaUsed: 'Esta verificación ya se usó. Por favor marca la casilla de nuevo',
  tooManyFollows: `Esta dirección ya sigue ${ALERT_LIMITS.followsPerAddress} elementos. Deja de seguir alguno desde el enlace de tus avisos para seguir otro.`,
  tooManyMails:
    'Ya enviamos varios correos a esta dirección en la última hora. Por favor espera una hora e intenta nuevamente.',
  /** 409: the web asks the person and sends the form again with `again: true`. */
  recentlyUnsubscribed: 'Te diste de baja hace poco. ¿Quieres volver a recibir avisos?',
  invalidLink: 'El enlace no es válido o ya no existe.',
  alreadyConfirmed: 'Este aviso ya estaba confirmado.',
  confirmed: 'Listo: recibirás avisos de lo que sigues.',
  followNotFound: 'El aviso no existe.',
  updated: 'Se guardaron los cambios del aviso.',
  followDeleted: 'Ya no sigues este elemento.',
  newLinkSent: 'Te enviamos un nuevo enlace por correo. El anterior ya no funciona.',
  erased: 'Borramos todo lo que guardábamos sobre tu dirección.',
  unsubscribed: 'Listo: ya no recibirás avisos en esta dirección.',
  addressNotFound: 'Esa dirección no sigue nada en este portal.',
  suspended: 'La dirección quedó suspendida: no se le enviará nada más.',
  resumed: 'La dirección ya puede recibir avisos de nuevo.',
} as const;

/** The answer to a follow request, the same whether or not the address already follows anything. */
export function followPendingMessage(email: string): string {
  return `Te enviamos un correo a ${email} para confirmar. Hasta que lo confirmes no recibirás avisos.`;
}

export const AlertEmailSchema = z
  .string({ message: ALERT_MESSAGES.emailRequired })
  .trim()
  .min(1, ALERT_MESSAGES.emailRequired)
  .max(ALERT_LIMITS.email, ALERT_MESSAGES.emailInvalid)
  .pipe(z.email({ message: ALERT_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

const frequency = z.enum(ALERT_FREQUENCIES, { message: ALERT_MESSAGES.frequencyInvalid });
const threshold = z
  .number({ message: ALERT_MESSAGES.thresholdInvalid })
  .min(ALERT_LIMITS.thresholdMin, ALERT_MESSAGES.thresholdInvalid)
  .max(ALERT_LIMITS.thresholdMax, ALERT_MESSAGES.thresholdInvalid)
  .transform((value) => Math.round(value * 100) / 100);

/** POST /public-api/alerts/follow: what to follow in the header's monitor, and how often. */
export const FollowBodySchema = z
  .object({
    email: AlertEmailSchema,
    kind: z.enum(ALERT_KINDS, { message: ALERT_MESSAGES.kindInvalid }),
    filters: PublicFiltersSchema.optional().describe(
      'CONTRACTS: the public filters of the page the follow was asked from (none: every new contract)',
    ),
    code: z
      .enum([...RED_FLAG_CODES, ANY_RED_FLAG], { message: ALERT_MESSAGES.codeInvalid })
      .optional()
      .describe("FLAG: the red flag's code, or 'ANY'"),
    threshold: threshold
      .optional()
      .describe(`INDEX: the points the index must move by (default ${ALERT_LIMITS.defaultThreshold})`),
    frequency,
    again: z
      .boolean()
      .optional()
      .describe('Set after the person confirmed they want alerts again though they unsubscribed recently'),
    altcha: z
      .string({ message: ALERT_MESSAGES.captchaRequired })
      .min(1, ALERT_MESSAGES.captchaRequired)
      .max(ALERT_LIMITS.captcha, ALERT_MESSAGES.captchaInvalid)
      .describe('The ALTCHA widget payload (challenge from GET /public-api/contact/challenge)'),
  })
  .superRefine((body, context) => {
    if (body.kind === 'FLAG' && !body.code) {
      context.addIssue({ code: 'custom', path: ['code'], message: ALERT_MESSAGES.codeRequired });
    }
  });
export type FollowBodyInput = z.input<typeof FollowBodySchema>;
export type FollowBody = z.output<typeof FollowBodySchema>;

export const FollowPendingResponseSchema = successEnvelope(z.object({ pending: z.literal(true) }));

/** A confirmation or management link's token (an HMAC, decision 0053). */
export const AlertTokenParamsSchema = z.object({ token: z.string().min(1).max(ALERT_LIMITS.token) });
export const AlertFollowParamsSchema = AlertTokenParamsSchema.extend({
  id: z.string().min(1).max(64).describe('The follow'),
});

/** One follow as the confirmation and management pages show it. */
export const FollowViewSchema = z.object({
  _id: z.string(),
  organization: z.object({ _id: z.string(), name: z.string() }),
  kind: z.enum(ALERT_KINDS),
  filters: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('CONTRACTS: the filters followed, as the public lists take them (PublicFilters)'),
  filtersText: z.string().nullable().describe('CONTRACTS: the filters in Spanish words'),
  code: z.string().nullable(),
  codeName: z.string().nullable().describe("FLAG: the red flag's Spanish name"),
  threshold: z.number().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  confirmed: z.boolean(),
  createdAt: z.string(),
});
export type FollowView = z.infer<typeof FollowViewSchema>;

export const ConfirmationResponseSchema = successEnvelope(
  z.object({ confirmed: z.boolean(), follow: FollowViewSchema }),
);
export const ConfirmedResponseSchema = successEnvelope(
  z.object({ manageToken: z.string().describe('For /alerts/{token}: every follow of the address') }),
);

export const ManageResponseSchema = successEnvelope(
  z.object({ email: z.string(), suspended: z.boolean(), follows: z.array(FollowViewSchema) }),
);
export type ManageData = z.infer<typeof ManageResponseSchema>['data'];

/** PATCH …/follows/:id: the frequency, and the threshold of an INDEX follow. */
export const FollowPatchSchema = z.object({
  frequency: frequency.optional(),
  threshold: threshold.optional(),
});
export type FollowPatch = z.infer<typeof FollowPatchSchema>;
export const FollowPatchResponseSchema = successEnvelope(z.object({ follow: FollowViewSchema }));
export const FollowDeleteResponseSchema = successEnvelope(
  z.object({
    addressDeleted: z.boolean().describe('True when it was the last follow: the link stops working'),
  }),
);
export const DoneResponseSchema = successEnvelope(z.object({ done: z.literal(true) }));

/** POST /public-api/alerts/unsubscribe/:token: RFC 8058's form body, or nothing (the web page). */
export const UnsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.string().max(100).optional() })
  .loose()
  .nullish();

/** Counts of one monitor's follows and deliveries for administrators: never an address. */
export const AlertSummarySchema = z.object({
  follows: z.object({
    total: z.number().int().describe('Confirmed follows'),
    byKind: z.object(
      Object.fromEntries(ALERT_KINDS.map((kind) => [kind, z.number().int()])) as Record<
        AlertKind,
        z.ZodNumber
      >,
    ),
    bySupplier: z
      .array(z.object({ _id: z.string(), name: z.string(), follows: z.number().int() }))
      .describe(
        "Confirmed CONTRACTS follows of exactly one supplier (a supplier's page), most followed first",
      ),
    byFlag: z.array(z.object({ code: z.string(), name: z.string(), follows: z.number().int() })),
    unconfirmed: z.number().int(),
  }),
  deliveries: z.object({
    pending: z.number().int(),
    failing: z.number().int().describe('Not sent yet after at least one failed attempt'),
    sentLast7Days: z.number().int(),
    lastSentAt: z.string().nullable(),
  }),
});
export type AlertSummary = z.infer<typeof AlertSummarySchema>;
export const AlertSummaryResponseSchema = successEnvelope(AlertSummarySchema);

/** POST /api/alerts/suspend (GENERAL): stop or allow every e-mail to an address that complained. */
export const AlertSuspendBodySchema = z.object({
  email: AlertEmailSchema,
  suspended: z.boolean({ message: 'Indica si la dirección queda suspendida.' }),
});
export const AlertSuspendResponseSchema = successEnvelope(z.object({ suspended: z.boolean() }));

/** GET …/manage/:token/export: everything stored about the address (a JSON file). */
export const AlertExportSchema = z.object({
  exportedAt: z.string(),
  subscriber: z.looseObject({ email: z.string() }),
  follows: z.array(z.looseObject({ _id: z.string() })),
  sent: z.array(z.looseObject({ change: z.string() })).describe('The alerts told or waiting to be told'),
});
