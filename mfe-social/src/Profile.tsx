// Exposed as mfe_social/Profile; the shell mounts it at /profile.
import { ProfilePage } from './features/profile/components/ProfilePage';

export default function Profile() {
  return <ProfilePage />;
}
