// The Social screen's lists: requests, friends, followers and following, the feed, privacy.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { socialApi, type FriendRequestList, type SocialConnection, type SocialFeed, type SocialVisibility } from '@flashcard/api-contract';
import { relativeTime } from '../relativeTime';

type Run = (action: () => Promise<unknown>, success: string) => Promise<boolean>;

export function FriendRequests({ requests, run }: { requests: FriendRequestList; run: Run }) {
  return (
    <section className="card" aria-labelledby="social-requests-heading">
      <h2 id="social-requests-heading">Friend requests</h2>
      <h3>Incoming</h3>
      {requests.incoming.length === 0 ? (
        <p className="muted">No incoming requests.</p>
      ) : (
        <ul aria-label="Incoming requests">
          {requests.incoming.map((request) => (
            <li key={request.id} className="row">
              <span>{request.user.display_name}</span>
              <button type="button" className="btn btn-small" aria-label={`Accept ${request.user.display_name}`} onClick={() => run(() => socialApi.acceptFriendRequest(request.id), 'Friend request accepted')}>
                Accept
              </button>
              <button type="button" className="btn btn-small" aria-label={`Decline ${request.user.display_name}`} onClick={() => run(() => socialApi.deleteFriendRequest(request.id), 'Friend request declined')}>
                Decline
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Outgoing</h3>
      {requests.outgoing.length === 0 ? (
        <p className="muted">No outgoing requests.</p>
      ) : (
        <ul aria-label="Outgoing requests">
          {requests.outgoing.map((request) => (
            <li key={request.id} className="row">
              <span>{request.user.display_name}</span>
              <button type="button" className="btn btn-small" aria-label={`Cancel request to ${request.user.display_name}`} onClick={() => run(() => socialApi.deleteFriendRequest(request.id), 'Friend request cancelled')}>
                Cancel
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PeopleList({ label, people, empty, action }: {
  label: string;
  people: SocialConnection[];
  empty: string;
  action?: (person: SocialConnection) => ReactNode;
}) {
  if (people.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul aria-label={label}>
      {people.map((person) => (
        <li key={person.id} className="row">
          <Link to={`/profile/${person.id}`}>{person.display_name}</Link>
          {action?.(person)}
        </li>
      ))}
    </ul>
  );
}

export function Friends({ friends, run }: { friends: SocialConnection[]; run: Run }) {
  return (
    <section className="card" aria-labelledby="social-friends-heading">
      <h2 id="social-friends-heading">Friends</h2>
      <PeopleList
        label="Friends"
        people={friends}
        empty="No friends yet. Find learners above."
        action={(friend) => (
          <button type="button" className="btn btn-small" aria-label={`Remove ${friend.display_name}`} onClick={() => run(() => socialApi.removeFriend(friend.id), 'Friend removed')}>
            Remove
          </button>
        )}
      />
    </section>
  );
}

export function Follows({ followers, following, run }: { followers: SocialConnection[]; following: SocialConnection[]; run: Run }) {
  return (
    <section className="card" aria-labelledby="social-follows-heading">
      <h2 id="social-follows-heading">Followers and following</h2>
      <h3>Following</h3>
      <PeopleList
        label="Following"
        people={following}
        empty="You follow nobody yet."
        action={(person) => (
          <button type="button" className="btn btn-small" aria-label={`Unfollow ${person.display_name}`} onClick={() => run(() => socialApi.unfollow(person.id), 'Unfollowed')}>
            Unfollow
          </button>
        )}
      />
      <h3>Followers</h3>
      <PeopleList label="Followers" people={followers} empty="No followers yet." />
    </section>
  );
}

export function Feed({ items, now }: { items: SocialFeed['items']; now?: Date }) {
  return (
    <section className="card" aria-labelledby="social-feed-heading">
      <h2 id="social-feed-heading">Activity feed</h2>
      {items.length === 0 ? (
        <p className="muted">No activity from your friends yet.</p>
      ) : (
        <ul aria-label="Activity feed">
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.message}</span>{' '}
              <time className="muted" dateTime={item.created_at}>
                {relativeTime(item.created_at, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const VISIBILITY_LABELS: Record<SocialVisibility, string> = {
  everyone: 'Everyone',
  friends: 'Friends only',
  nobody: 'Nobody',
};

export function Privacy({ visibility, run }: { visibility: SocialVisibility; run: Run }) {
  const [value, setValue] = useState<SocialVisibility>(visibility);
  return (
    <section className="card" aria-labelledby="social-privacy-heading">
      <h2 id="social-privacy-heading">Privacy</h2>
      <form
        className="field social-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => socialApi.updatePrivacy(value), 'Privacy setting saved');
        }}
      >
        <label htmlFor="social-privacy">Who can find me and see my profile</label>
        <select id="social-privacy" className="input" value={value} onChange={(e) => setValue(e.target.value as SocialVisibility)}>
          {(Object.keys(VISIBILITY_LABELS) as SocialVisibility[]).map((key) => (
            <option key={key} value={key}>
              {VISIBILITY_LABELS[key]}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary">Save</button>
      </form>
    </section>
  );
}
