// The Social screen: search, friend requests, friends, follows, the friends' feed and privacy.
import '../social.css';
import { useSocial } from '../useSocial';
import { Feed, Follows, FriendRequests, Friends, Privacy } from './SocialSections';
import { UserSearch } from './UserSearch';

export function SocialPage({ now }: { now?: Date } = {}) {
  const { data, loadError, actionError, reload, run } = useSocial();
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Social</h1>
          <p className="muted">Find learners, manage friends and see what they are studying.</p>
        </div>
      </header>
      {actionError && <p role="alert">{actionError}</p>}
      {loadError && (
        <div role="alert">
          <p>{loadError}</p>
          <button type="button" className="btn btn-small" onClick={() => void reload()}>
            Retry
          </button>
        </div>
      )}
      {!data && !loadError && <p role="status">Loading...</p>}
      {data && (
        <div className="grid grid-3" style={{ alignItems: 'start' }}>
          <UserSearch run={run} />
          <FriendRequests requests={data.requests} run={run} />
          <Friends friends={data.friends} run={run} />
          <Follows followers={data.followers} following={data.following} run={run} />
          <Feed items={data.feed} now={now} />
          <Privacy key={data.visibility} visibility={data.visibility} run={run} />
        </div>
      )}
    </div>
  );
}
