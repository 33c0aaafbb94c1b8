// Exposed as mfe_social/Social; the shell mounts it at /social/*.
import { SocialPage } from './features/social/components/SocialPage';

export default function Social() {
  return <SocialPage />;
}
