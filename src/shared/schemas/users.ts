import { z } from 'zod';
import { ADMINISTRATOR_TYPES, PERMISSIONS } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { ACCOUNT_MESSAGES, NewPasswordSchema } from './accounts';
import {
  CataloguePageSizeSchema,
  NoControlCharacters,
  PaginationSchema,
  SearchTextSchema,
  successEnvelope,
  UuidSchema,
} from './common';

/** Texts of the users catalogue and the profile (spec: admin area, sections 2, 5 and 8). */
export const USER_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'El correo electronico introducido no tiene un formato válido',
  permissionsRequired: 'Selecciona al menos un permiso para un administrador personalizado.',
  emailTaken: 'Ya existe un usuario con ese correo electrónico.',
  created: 'El usuario fue creado correctamente',
  updated: 'El usuario fue actualizado correctamente',
  deleted: 'El usuario fue eliminado correctamente',
  notFound: 'El usuario no existe o fue eliminado.',
  cannotDeleteSelf: 'No puedes eliminar tu propio usuario.',
  cannotDemoteSelf:
    'No puedes quitarte el acceso, el tipo de administrador ni permisos a ti mismo. Pide a otro administrador general que lo haga.',
  lastGeneral:
    'Debe quedar al menos un administrador general activo. Nombra a otro administrador general antes de hacer este cambio.',
  onlyGeneralGrants:
    'Solo un administrador general puede crear o modificar administradores generales o dar permisos que no tiene.',
  profileSaved: 'Se ha actualizado correctamente',
  profileSaveFailed: 'Ocurrió un error salvando la información',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  currentPasswordHeld:
    'Demasiados intentos fallidos de la contraseña actual. Por favor espera 15 minutos o restablece tu contraseña.',
  passwordsDiffer: 'Las contraseñas deben coincidir',
  pictureFailed: 'Ocurrió un error cargando la imagen',
  pictureType: 'La imagen debe ser PNG, JPEG, SVG o GIF.',
  pictureSize: `La imagen no puede pesar más de ${LIMITS.imageBytes / 1024 / 1024} MB.`,
  pictureUnsafe: 'La imagen SVG contiene código o referencias externas y no puede usarse.',
  rowsSaved: 'Los registros fueron actualizados correctamente',
  rowsFailed: 'No fue posible guardar los registros.',
} as const;

const text = (required: string, max = 100) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, `Máximo ${max} caracteres.`)
    .regex(NoControlCharacters, 'El texto contiene caracteres no válidos.');

export const EmailSchema = z
  .string({ message: USER_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, USER_MESSAGES.emailRequired)
  .pipe(z.email({ message: USER_MESSAGES.emailInvalid }).max(254, USER_MESSAGES.emailInvalid));

/** A user as the catalogue shows it: never its password, tokens or sessions. */
export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  active: z.boolean(),
  administratorType: z.enum(ADMINISTRATOR_TYPES),
  permissions: z.array(z.enum(PERMISSIONS)),
  notes: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** False while an invited user has not chosen a password yet. */
  hasPassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

const userFields = {
  name: text(USER_MESSAGES.nameRequired),
  lastName: text(USER_MESSAGES.lastNameRequired),
  email: EmailSchema,
  active: z.boolean({ message: 'Indica si el usuario tiene acceso a la plataforma.' }),
  administratorType: z.enum(ADMINISTRATOR_TYPES, { message: 'Elige el tipo de administrador.' }),
  permissions: z
    .array(z.enum(PERMISSIONS, { message: 'Permiso no válido.' }))
    .max(PERMISSIONS.length)
    .default([]),
  notes: z
    .string()
    .trim()
    .max(1_000, 'Máximo 1000 caracteres.')
    .nullish()
    .transform((value) => value || null),
};

/** A user's fields, as the catalogue stores them (the bodies below add `_id` and the permissions rule). */
export const UserFieldsSchema = z.object(userFields);
export type UserFields = z.output<typeof UserFieldsSchema>;

const permissionsForCustom = <T extends { administratorType: string; permissions: readonly string[] }>(
  user: T,
) => user.administratorType !== 'CUSTOM' || user.permissions.length > 0;

/** The new/edit modal: without `_id` a user is invited, with it the user is updated. */
export const UserSaveBodySchema = z
  .object({ _id: UuidSchema.optional(), ...userFields })
  .refine(permissionsForCustom, { message: USER_MESSAGES.permissionsRequired, path: ['permissions'] });
export type UserSaveBody = z.input<typeof UserSaveBodySchema>;
export type UserSave = z.output<typeof UserSaveBodySchema>;

/** Rows changed in the catalogue's inline edit mode: all are saved or none. */
export const UsersUpdatedDocsBodySchema = z.object({
  docs: z
    .array(
      z
        .object({ _id: UuidSchema, ...userFields })
        .refine(permissionsForCustom, { message: USER_MESSAGES.permissionsRequired, path: ['permissions'] }),
    )
    .min(1, 'No hay cambios que guardar.')
    .max(100, 'Guarda como máximo 100 registros a la vez.'),
});

export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: CataloguePageSizeSchema,
  search: SearchTextSchema.optional(),
  sort: z.enum(['name', 'lastName', 'email', 'createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListResponseSchema = successEnvelope(PaginationSchema.extend({ docs: z.array(UserSchema) }));
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const UserResponseSchema = successEnvelope(UserSchema);
export const IdBodySchema = z.object({ _id: UuidSchema });

export const ProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileResponseSchema = successEnvelope(ProfileSchema);
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const ProfileNamesSchema = z.object({
  name: text(USER_MESSAGES.nameRequired),
  lastName: text(USER_MESSAGES.lastNameRequired),
});

export const ProfilePasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: ACCOUNT_MESSAGES.allRequired })
      .min(1, ACCOUNT_MESSAGES.allRequired)
      .max(1_000),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ message: ACCOUNT_MESSAGES.allRequired }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: USER_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

/**
 * updateProfileInfo takes the names, or the password change (spec: admin area, section 7): a
 * body with any password field is a password change, so its messages are the password's.
 */
export const ProfileUpdateBodySchema = z.looseObject({}).transform((body, ctx) => {
  const isPassword = ['currentPassword', 'newPassword', 'confirmPassword'].some((key) => key in body);
  const parsed = (isPassword ? ProfilePasswordSchema : ProfileNamesSchema).safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
  return z.NEVER;
});
export type ProfileUpdateBody = z.output<typeof ProfileNamesSchema> | z.output<typeof ProfilePasswordSchema>;
