import { Badge } from '@mantine/core';
import { type User, UserSaveBodySchema } from '../../../../shared/schemas/users';
import type { CatalogueConfig } from '../../../components/admin/catalogue/types';
import { EMPTY_USER, UserFields, userDraft } from './user-fields';

/** The users catalogue (USERS): who may sign in, with which permissions; a new user is invited by e-mail. */
export const USERS_CATALOGUE: CatalogueConfig<User> = {
  path: 'users',
  plural: 'Usuarios',
  newLabel: 'Nuevo usuario',
  testId: 'users-catalogue',
  columns: [
    { field: 'name', label: 'Nombre', sort: 'name', inline: true },
    { field: 'lastName', label: 'Apellido', sort: 'lastName', inline: true },
    { field: 'email', label: 'Correo electrónico', sort: 'email', inline: true },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt' },
  ],
  schema: UserSaveBodySchema,
  empty: EMPTY_USER,
  toDraft: userDraft,
  form: (props) => <UserFields {...props} />,
  rowLabel: (user) => user.email,
  badges: (user) =>
    !user.active ? (
      <Badge color="gray" size="xs" ml={6}>
        Sin acceso
      </Badge>
    ) : !user.hasPassword ? (
      <Badge color="blue" size="xs" ml={6}>
        Invitado
      </Badge>
    ) : null,
  deleteDialog: {
    title: 'Eliminar Usuario',
    caution: true,
    detail: (user) =>
      `${user.name} ${user.lastName} (${user.email}) perderá el acceso a la plataforma y sus sesiones se cerrarán.`,
  },
  confirmCreate: (draft) =>
    `Se enviará a ${String(draft.email)} un correo con un enlace para crear su contraseña.`,
};
