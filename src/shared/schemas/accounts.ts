import { z } from 'zod';
import { ADMINISTRATOR_TYPES, PERMISSIONS } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { NoControlCharacters, successEnvelope } from './common';

/** Texts of the sign-in and password screens (spec: admin area, section 8), shared by server and web. */
export const ACCOUNT_MESSAGES = {
  loginFailed: 'Usuario o contraseña incorrectos. Por favor intenta nuevamente.',
  accountHeld:
    'Demasiados intentos fallidos para esta cuenta. Por favor espera 15 minutos o restablece tu contraseña.',
  sessionNeeded: 'Por favor inicia sesión para continuar.',
  sessionExpired: 'Tu sesión ha expirado. Por favor inicia sesión para continuar.',
  loggedOut: 'Tu sesión se ha cerrado correctamente.',
  resetRequired: 'Por favor, completa los campos para restablecer la contraseña.',
  resetSent:
    'Si el correo pertenece a una cuenta activa, recibirás un enlace para restablecer tu contraseña en unos minutos.',
  resetFailed: 'No fue posible restablecer tu contraseña. Por favor intenta nuevamente.',
  linkInvalid:
    'Este enlace ha expirado o no es válido. Por favor intenta recuperar tu contraseña nuevamente.',
  passwordUpdated: 'Tu contraseña se ha actualizado correctamente. Por favor inicia sesión nuevamente.',
  allRequired: 'Todos los campos son requeridos.',
  mustMatch: 'Por favor, verifica que ambas contraseñas coincidan.',
  passwordTooShort: `La contraseña debe contener al menos ${LIMITS.passwordMin} caracteres`,
  passwordTooLong: `La contraseña debe contener un máximo de ${LIMITS.passwordMax} caracteres`,
  redirecting: 'Te redirigiremos a la página que solicitaste después de iniciar sesión.',
  chooseOrganization: 'Por favor selecciona una Organización para continuar.',
} as const;

const email = z
  .string({ message: 'El correo electrónico es requerido.' })
  .trim()
  .toLowerCase()
  .max(254, 'El correo electrónico es demasiado largo.')
  // A NUL byte cannot even be sent to PostgreSQL: refused here rather than failing a query later.
  .regex(NoControlCharacters, 'El correo electrónico contiene caracteres no válidos.');

/** A new password: the spec's length rule, and nothing a terminal or database would choke on. */
export const NewPasswordSchema = z
  .string({ message: ACCOUNT_MESSAGES.allRequired })
  .min(LIMITS.passwordMin, ACCOUNT_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong)
  .regex(NoControlCharacters, 'La contraseña contiene caracteres no válidos.');

export const LoginBodySchema = z.object({
  username: email.min(1, ACCOUNT_MESSAGES.loginFailed),
  password: z
    .string({ message: ACCOUNT_MESSAGES.loginFailed })
    .min(1, ACCOUNT_MESSAGES.loginFailed)
    .max(1_000),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** What the browser keeps of a sign-in (spec: admin area, section 3, Session). */
export const SessionSchema = z.object({
  token: z.string(),
  expiresAt: z.number().int().describe('Epoch seconds after which the token is refused'),
  permissions: z.array(z.enum(PERMISSIONS)),
  user: z.object({
    _id: z.string(),
    fullName: z.string(),
    profilePicture: z.string().nullable().describe('Image id, served at /public-api/files/image/{id}'),
    administratorType: z
      .enum(ADMINISTRATOR_TYPES)
      .optional()
      .describe('GENERAL administrators also edit the installation-wide texts (always sent)'),
  }),
});
export type Session = z.infer<typeof SessionSchema>;
export const LoginResponseSchema = successEnvelope(SessionSchema);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ResetPasswordBodySchema = z.object({
  email: email.min(1, ACCOUNT_MESSAGES.resetRequired),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const NewPasswordBodySchema = z
  .object({
    token: z.string({ message: ACCOUNT_MESSAGES.linkInvalid }).min(1, ACCOUNT_MESSAGES.linkInvalid).max(200),
    password: NewPasswordSchema,
    confirmPassword: z.string({ message: ACCOUNT_MESSAGES.allRequired }).min(1, ACCOUNT_MESSAGES.allRequired),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: ACCOUNT_MESSAGES.mustMatch,
    path: ['confirmPassword'],
  });
export type NewPasswordBody = z.infer<typeof NewPasswordBodySchema>;

export const MessageResponseSchema = z.object({ error: z.literal(false), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
