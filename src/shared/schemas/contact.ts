import { z } from 'zod';
import { NoControlCharacters, NoControlExceptLineBreaks, successEnvelope } from './common';

/**
 * Texts of the contact form (spec: public area, /contact), shared by the form and the server so
 * both word a refusal the same way. The web app translates them (they are catalogue keys).
 */
export const CONTACT_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede exceder 100 caracteres',
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'El correo electrónico no tiene el formato correcto',
  phoneTooLong: 'El teléfono no puede exceder 30 caracteres',
  messageRequired: 'El mensaje es requerido',
  messageTooLong: 'El mensaje no puede exceder 5000 caracteres',
  invalidCharacters: 'El texto contiene caracteres no válidos',
  captchaRequired: 'Por favor marca la casilla «No soy un robot» antes de enviar tu mensaje',
  captchaInvalid: 'No pudimos comprobar que no eres un robot. Por favor marca la casilla de nuevo',
  captchaExpired: 'La verificación expiró. Por favor marca la casilla «No soy un robot» de nuevo',
  captchaUsed: 'Esta verificación ya se usó para enviar un mensaje. Por favor marca la casilla de nuevo',
  noContactEmail: 'La organización no ha configurado su correo electrónico de contacto',
  tooMany: 'Has enviado demasiados mensajes. Por favor espera una hora e intenta nuevamente',
  sent: 'Tu mensaje ha sido enviado',
} as const;

/** Longest accepted values (the database columns are text; these keep mail and storage sane). */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, message: 5_000, captcha: 8_000 } as const;

const required = (message: string) => z.string({ message }).trim().min(1, message);

/**
 * One contact message (POST /public-api/contact/submit). The form validates with this same schema
 * before sending, so the visitor sees the server's rules under each field.
 */
export const ContactBodySchema = z.object({
  name: required(CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong)
    .regex(NoControlCharacters, CONTACT_MESSAGES.invalidCharacters),
  email: required(CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ message: CONTACT_MESSAGES.emailInvalid })),
  phone: z
    .string({ message: CONTACT_MESSAGES.invalidCharacters })
    .trim()
    .max(CONTACT_LIMITS.phone, CONTACT_MESSAGES.phoneTooLong)
    .regex(NoControlCharacters, CONTACT_MESSAGES.invalidCharacters)
    .optional()
    .nullable()
    .transform((value) => value || null),
  message: required(CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong)
    .regex(NoControlExceptLineBreaks, CONTACT_MESSAGES.invalidCharacters),
  altcha: z
    .string({ message: CONTACT_MESSAGES.captchaRequired })
    .min(1, CONTACT_MESSAGES.captchaRequired)
    .max(CONTACT_LIMITS.captcha, CONTACT_MESSAGES.captchaInvalid)
    .describe('The ALTCHA widget payload (base64 JSON of the challenge and its solution)'),
});
export type ContactBodyInput = z.input<typeof ContactBodySchema>;
export type ContactBody = z.output<typeof ContactBodySchema>;

/** What the contact page shows of the monitor (GET /public-api/contact/load-info). */
export const ContactInfoSchema = z.object({
  _id: z.string(),
  address: z.string().nullable(),
  schedule: z.string().nullable(),
  additionalInformation: z.string().nullable(),
  contactLocation: z.string().nullable().describe('Introduction shown above the form'),
  email: z.string().nullable().describe("The monitor's contact e-mail, shown as a mailto link"),
  socialUrl: z.string().nullable(),
  canReceive: z.boolean().describe('Whether a contact e-mail is configured, so the form can deliver'),
});
export type ContactInfo = z.infer<typeof ContactInfoSchema>;
export const ContactInfoResponseSchema = successEnvelope(ContactInfoSchema);
export type ContactInfoResponse = z.infer<typeof ContactInfoResponseSchema>;

/**
 * An ALTCHA v2 challenge. The parameters are signed as a whole, so the schema keeps every key
 * the library puts there (a dropped key would break the signature).
 */
export const ContactChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional().describe('Epoch seconds'),
  }),
  signature: z.string(),
});
export type ContactChallenge = z.infer<typeof ContactChallengeSchema>;

export const ContactSubmitResponseSchema = z.object({ error: z.literal(false), message: z.string() });
export type ContactSubmitResponse = z.infer<typeof ContactSubmitResponseSchema>;
