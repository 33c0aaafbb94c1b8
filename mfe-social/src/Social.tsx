// Exposed as mfe_social/Social; the shell mounts it at /social/*.
import { SocialPage } from './features/social/components/SocialPage';

/** `now` is for tests (relative times); the shell passes nothing. */
export default function Social({ now }: { now?: Date } = {}) {
  return <SocialPage now={now} />;
}
