// Find another learner by display name (or send a request to an exact e-mail address, which
// answers alike whether or not anyone uses it: the request then shows pending by its address).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { socialApi, type SocialSearchResult } from '@flashcard/api-contract';
import { getErrorMessage } from '@flashcard/shared-auth';
import { useLearnerName } from '@flashcard/shared-ui';
import { useSocialText } from '../../../i18n';

type Run = (action: () => Promise<unknown>, success: string) => Promise<boolean>;

export function UserSearch({ run }: { run: Run }) {
  const t = useSocialText();
  const nameOf = useLearnerName();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SocialSearchResult[] | null>(null);
  // The API's own text, or '' for "say it yourself" ('search.failed' in the page's language).
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      setResults(await socialApi.searchUsers(query.trim()));
      setError(null);
    } catch (err) {
      setResults(null);
      setError(getErrorMessage(err) ?? '');
    }
  };

  const act = async (action: () => Promise<unknown>, success: string) => {
    if (await run(action, success)) await search();
  };

  const sendByEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => socialApi.sendFriendRequest({ email: email.trim() }), t('toast.requestSent'))) setEmail('');
  };

  return (
    <section className="card" aria-labelledby="social-search-heading">
      <h2 id="social-search-heading">{t('search.heading')}</h2>
      <form role="search" onSubmit={search} className="field social-form">
        <label htmlFor="social-search">{t('search.label')}</label>
        <input id="social-search" className="input" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" className="btn btn-primary">
          {t('search.submit')}
        </button>
      </form>
      {error !== null && <p role="alert">{error || t('search.failed')}</p>}
      {results && results.length === 0 && <p className="muted">{t('search.empty')}</p>}
      {results && results.length > 0 && (
        <ul aria-label={t('search.results')}>
          {results.map((result) => (
            <li key={result.id} className="row">
              {/* Two learners may choose one name: the public id (never the e-mail) tells them apart. */}
              <span className="social-result-name">
                <Link to={`/profile/${result.id}`}>{nameOf(result)}</Link>
                {result.display_name !== null && (
                  <span className="muted social-result-id">{t('search.publicId', { id: result.id })}</span>
                )}
              </span>
              {result.is_friend ? (
                <span className="muted">{t('common.friend')}</span>
              ) : result.request === 'outgoing' ? (
                <span className="muted">{t('search.requestSent')}</span>
              ) : result.request === 'incoming' ? (
                <span className="muted">{t('search.requestReceived')}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={t('search.addFriendLabel', { name: nameOf(result) })}
                  onClick={() => act(() => socialApi.sendFriendRequest({ userId: result.id }), t('toast.requestSent'))}
                >
                  {t('common.addFriend')}
                </button>
              )}
              {result.is_following ? (
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={t('search.unfollowLabel', { name: nameOf(result) })}
                  onClick={() => act(() => socialApi.unfollow(result.id), t('toast.unfollowed'))}
                >
                  {t('common.unfollow')}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={t('search.followLabel', { name: nameOf(result) })}
                  onClick={() => act(() => socialApi.follow(result.id), t('toast.following'))}
                >
                  {t('common.follow')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={sendByEmail} className="field social-form">
        <label htmlFor="social-email">{t('search.emailLabel')}</label>
        <input
          id="social-email"
          className="input"
          type="email"
          value={email}
          aria-describedby="social-email-hint"
          onChange={(e) => setEmail(e.target.value)}
        />
        <p id="social-email-hint" className="muted">
          {t('search.emailHint')}
        </p>
        <button type="submit" className="btn btn-primary" disabled={email.trim() === ''}>
          {t('search.sendRequest')}
        </button>
      </form>
    </section>
  );
}
