import { useId, useState } from 'react';
import { Avatar, avatarInitial } from '../../../components/Avatar';
import { FRIENDS } from '../sampleData';

export function FriendsList() {
  const [query, setQuery] = useState('');
  const headingId = useId();
  const searchId = useId();
  const needle = query.trim().toLowerCase();
  const shown = needle ? FRIENDS.filter((f) => f.name.toLowerCase().includes(needle)) : FRIENDS;

  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.75rem' }}>
      <div className="spread">
        <h2 id={headingId} style={{ margin: 0 }}>
          Friends
        </h2>
        <span className="badge">{`${FRIENDS.filter((f) => f.online).length} online`}</span>
      </div>
      <div className="field" style={{ marginBottom: 0 }}>
        <label htmlFor={searchId}>Search friends</label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Type a name"
        />
      </div>
      {shown.length === 0 ? (
        <p className="muted" role="status">
          No friends match your search.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: '0.75rem' }}>
          {shown.map((friend) => (
            <li key={friend.id} className="row">
              <Avatar initial={avatarInitial(friend.name)} />
              <div style={{ flex: 1 }}>
                <div style={{ fontWeight: 600 }}>{friend.name}</div>
                <div className="muted">{`${friend.cardsThisWeek} cards this week · ${friend.streak}-day streak`}</div>
              </div>
              <span className="badge">{friend.online ? 'Online' : 'Offline'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
