// Exposed as mfe_social/PublicProfile; the shell mounts it at /profile/:id.
import { PublicProfilePage } from './features/public-profile/PublicProfilePage';

export default function PublicProfile() {
  return <PublicProfilePage />;
}
