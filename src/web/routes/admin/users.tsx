import { Badge } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type User, UserSaveBodySchema } from '../../../shared/schemas/users';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';
import { EMPTY_USER, UserFields, userDraft } from '../../features/admin/users/user-fields';

const USERS: CatalogueConfig<User> = {
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

/** /admin/users: the users catalogue (USERS permission), on the shared catalogue screen. */
export function UsersPage() {
  useDocumentTitle('Usuarios · Administración · Vigía');
  return <CatalogueScreen config={USERS} />;
}
