import { useId } from 'react';
import { Avatar, avatarInitial } from '../../../components/Avatar';
import { ACTIVITY } from '../sampleData';

export function ActivityFeed() {
  const headingId = useId();
  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.75rem' }}>
      <h2 id={headingId} style={{ margin: 0 }}>
        Activity Feed
      </h2>
      <ul aria-labelledby={headingId} className="stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: '0.75rem' }}>
        {ACTIVITY.map((item) => (
          <li key={item.id} className="row" style={{ alignItems: 'flex-start' }}>
            <Avatar initial={avatarInitial(item.who)} size={32} />
            <div style={{ flex: 1 }}>
              <div>
                <strong>{item.who}</strong> {item.what}
              </div>
              <div className="muted">{item.when}</div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
