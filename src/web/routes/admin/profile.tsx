import { useDocumentTitle } from '@mantine/hooks';
import { ProfileView } from '../../features/admin/profile/profile-view';

/** /admin/profile: one's own name, picture and password (no permission needed). */
export function ProfilePage() {
  useDocumentTitle('Mi perfil · Administración · Vigía');
  return <ProfileView />;
}
