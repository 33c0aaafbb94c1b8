// The Social screen: search, friend requests, friends, follows, the friends' feed, the
// leaderboard and privacy.
import '../social.css';
import { useSocialText } from '../../../i18n';
import { useSocial } from '../use-social';
import { Leaderboard } from './Leaderboard';
import { Feed, Follows, FriendRequests, Friends, Privacy } from './SocialSections';
import { UserSearch } from './UserSearch';

export function SocialPage({ now }: { now?: Date } = {}) {
  const t = useSocialText();
  const { data, loadError, actionError, reload, run } = useSocial();
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('social.title')}</h1>
          <p className="muted">{t('social.intro')}</p>
        </div>
      </header>
      {actionError && <p role="alert">{actionError.message ?? t('social.actionFailed')}</p>}
      {loadError && (
        <div role="alert">
          <p>{loadError.message ?? t('social.loadFailed')}</p>
          <button type="button" className="btn btn-small" onClick={() => void reload()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!data && !loadError && <p role="status">{t('common.loading')}</p>}
      {data && (
        // The feed is the page's main column; finding people, requests, connections and privacy
        // sit in a side column (below it on a narrow screen).
        <div className="social-layout">
          <div className="social-main">
            <Feed items={data.feed} now={now} />
            <Leaderboard board={data.leaderboard} />
          </div>
          <div className="social-side">
            <UserSearch run={run} />
            <FriendRequests requests={data.requests} run={run} />
            <Friends friends={data.friends} run={run} />
            <Follows followers={data.followers} following={data.following} run={run} />
            <Privacy key={data.visibility} visibility={data.visibility} run={run} />
          </div>
        </div>
      )}
    </div>
  );
}
