import { ActivityFeed } from './ActivityFeed';
import { FriendsList } from './FriendsList';

export function SocialPage() {
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Social</h1>
          <p className="muted">See how your friends are doing (sample content).</p>
        </div>
      </header>
      <div className="grid grid-3" style={{ alignItems: 'start' }}>
        <FriendsList />
        <ActivityFeed />
      </div>
    </div>
  );
}
