import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { USERS_CATALOGUE } from '../../features/admin/users/users-catalogue';

/** /admin/users: the users catalogue (USERS permission), on the shared catalogue screen. */
export function UsersPage() {
  useDocumentTitle('Usuarios · Administración · Vigía');
  return <CatalogueScreen config={USERS_CATALOGUE} />;
}
