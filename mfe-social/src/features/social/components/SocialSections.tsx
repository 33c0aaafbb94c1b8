// The Social screen's lists: requests, friends, followers and following, the feed, privacy.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  socialApi,
  type FriendRequestList,
  type SocialConnection,
  type SocialFeed,
  type SocialVisibility,
} from '@flashcard/api-contract';
import { learnerName, relativeTime, useLearnerName } from '@flashcard/shared-ui';
import { useSocialLocale, useSocialText } from '../../../i18n';
import { feedText } from '../feed-text';

type Run = (action: () => Promise<unknown>, success: string) => Promise<boolean>;

/**
 * Whom a request is with: the learner, else (an outgoing request by e-mail, which never says
 * who uses the address) the address the learner typed, else someone they may no longer see.
 */
function requestName(request: FriendRequestList['outgoing'][number], someone: string): string {
  return (request.user && learnerName(request.user)) ?? request.email ?? someone;
}

export function FriendRequests({ requests, run }: { requests: FriendRequestList; run: Run }) {
  const t = useSocialText();
  return (
    <section className="card" aria-labelledby="social-requests-heading">
      <h2 id="social-requests-heading">{t('requests.heading')}</h2>
      <h3>{t('requests.incoming')}</h3>
      {requests.incoming.length === 0 ? (
        <p className="muted">{t('requests.noIncoming')}</p>
      ) : (
        <ul aria-label={t('requests.incomingList')}>
          {requests.incoming.map((request) => (
            <li key={request.id} className="row">
              <span>{requestName(request, t('requests.someone'))}</span>
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('requests.acceptLabel', { name: requestName(request, t('requests.someone')) })}
                onClick={() => run(() => socialApi.acceptFriendRequest(request.id), t('toast.requestAccepted'))}
              >
                {t('requests.accept')}
              </button>
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('requests.declineLabel', { name: requestName(request, t('requests.someone')) })}
                onClick={() => run(() => socialApi.deleteFriendRequest(request.id), t('toast.requestDeclined'))}
              >
                {t('requests.decline')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('requests.outgoing')}</h3>
      {requests.outgoing.length === 0 ? (
        <p className="muted">{t('requests.noOutgoing')}</p>
      ) : (
        <ul aria-label={t('requests.outgoingList')}>
          {requests.outgoing.map((request) => (
            <li key={request.id} className="row">
              <span>{requestName(request, t('requests.someone'))}</span>
              <span className="muted">{t('requests.pending')}</span>
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('requests.cancelLabel', { name: requestName(request, t('requests.someone')) })}
                onClick={() => run(() => socialApi.deleteFriendRequest(request.id), t('toast.requestCancelled'))}
              >
                {t('requests.cancel')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PeopleList({
  label,
  people,
  empty,
  action,
}: {
  label: string;
  people: SocialConnection[];
  empty: string;
  action?: (person: SocialConnection) => ReactNode;
}) {
  const nameOf = useLearnerName();
  if (people.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul aria-label={label}>
      {people.map((person) => (
        <li key={person.id} className="row">
          <Link to={`/profile/${person.id}`}>{nameOf(person)}</Link>
          {action?.(person)}
        </li>
      ))}
    </ul>
  );
}

export function Friends({ friends, run }: { friends: SocialConnection[]; run: Run }) {
  const t = useSocialText();
  const nameOf = useLearnerName();
  return (
    <section className="card" aria-labelledby="social-friends-heading">
      <h2 id="social-friends-heading">{t('friends.heading')}</h2>
      <PeopleList
        label={t('friends.list')}
        people={friends}
        empty={t('friends.empty')}
        action={(friend) => (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('friends.removeLabel', { name: nameOf(friend) })}
            onClick={() => run(() => socialApi.removeFriend(friend.id), t('toast.friendRemoved'))}
          >
            {t('friends.remove')}
          </button>
        )}
      />
    </section>
  );
}

export function Follows({
  followers,
  following,
  run,
}: {
  followers: SocialConnection[];
  following: SocialConnection[];
  run: Run;
}) {
  const t = useSocialText();
  const nameOf = useLearnerName();
  return (
    <section className="card" aria-labelledby="social-follows-heading">
      <h2 id="social-follows-heading">{t('follows.heading')}</h2>
      <h3>{t('follows.following')}</h3>
      <PeopleList
        label={t('follows.following')}
        people={following}
        empty={t('follows.followingEmpty')}
        action={(person) => (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('follows.unfollowLabel', { name: nameOf(person) })}
            onClick={() => run(() => socialApi.unfollow(person.id), t('toast.unfollowed'))}
          >
            {t('common.unfollow')}
          </button>
        )}
      />
      <h3>{t('follows.followers')}</h3>
      <PeopleList label={t('follows.followers')} people={followers} empty={t('follows.followersEmpty')} />
    </section>
  );
}

export function Feed({ items, now }: { items: SocialFeed['items']; now?: Date }) {
  const { t, language } = useSocialLocale();
  return (
    <section className="card social-feed" aria-labelledby="social-feed-heading">
      <h2 id="social-feed-heading">{t('feed.heading')}</h2>
      {items.length === 0 ? (
        <p className="muted">{t('feed.empty')}</p>
      ) : (
        <ul aria-label={t('feed.list')}>
          {items.map((item) => (
            <li key={item.id}>
              <span>{feedText(item, t)}</span>{' '}
              <time className="muted" dateTime={item.created_at}>
                {relativeTime(item.created_at, { now, language, style: 'sentence' })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const VISIBILITY_KEYS = {
  everyone: 'privacy.everyone',
  friends: 'privacy.friends',
  nobody: 'privacy.nobody',
} as const satisfies Record<SocialVisibility, string>;

export function Privacy({ visibility, run }: { visibility: SocialVisibility; run: Run }) {
  const t = useSocialText();
  const [value, setValue] = useState<SocialVisibility>(visibility);
  return (
    <section className="card" aria-labelledby="social-privacy-heading">
      <h2 id="social-privacy-heading">{t('privacy.heading')}</h2>
      <form
        className="field social-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => socialApi.updatePrivacy(value), t('toast.privacySaved'));
        }}
      >
        <label htmlFor="social-privacy">{t('privacy.label')}</label>
        <select
          id="social-privacy"
          className="input"
          value={value}
          aria-describedby="social-privacy-hint"
          onChange={(e) => setValue(e.target.value as SocialVisibility)}
        >
          {(Object.keys(VISIBILITY_KEYS) as SocialVisibility[]).map((key) => (
            <option key={key} value={key}>
              {t(VISIBILITY_KEYS[key])}
            </option>
          ))}
        </select>
        <p id="social-privacy-hint" className="muted">
          {t('privacy.hint')}
        </p>
        <button type="submit" className="btn btn-primary">
          {t('privacy.save')}
        </button>
      </form>
    </section>
  );
}
