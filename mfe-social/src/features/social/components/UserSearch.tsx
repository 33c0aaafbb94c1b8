// Find another learner by display name (or send a request to an exact e-mail address).
import { useState, type FormEvent } from 'react';
import { socialApi, type SocialSearchResult } from '@flashcard/api-contract';
import { getErrorMessage } from '@flashcard/shared-auth';

type Run = (action: () => Promise<unknown>, success: string) => Promise<boolean>;

export function UserSearch({ run }: { run: Run }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SocialSearchResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      setResults(await socialApi.searchUsers(query.trim()));
      setError(null);
    } catch (err) {
      setResults(null);
      setError(getErrorMessage(err, 'Search failed.') ?? 'Search failed.');
    }
  };

  const act = async (action: () => Promise<unknown>, success: string) => {
    if (await run(action, success)) await search();
  };

  const sendByEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => socialApi.sendFriendRequest({ email: email.trim() }), 'Friend request sent')) setEmail('');
  };

  return (
    <section className="card" aria-labelledby="social-search-heading">
      <h2 id="social-search-heading">Find learners</h2>
      <form role="search" onSubmit={search} className="field social-form">
        <label htmlFor="social-search">Search learners by name</label>
        <input id="social-search" className="input" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" className="btn btn-primary">Search</button>
      </form>
      {error && <p role="alert">{error}</p>}
      {results && results.length === 0 && <p className="muted">No learners found.</p>}
      {results && results.length > 0 && (
        <ul aria-label="Search results">
          {results.map((result) => (
            <li key={result.id} className="row">
              <span>{result.display_name}</span>
              {result.is_friend ? (
                <span className="muted">Friend</span>
              ) : result.request === 'outgoing' ? (
                <span className="muted">Request sent</span>
              ) : result.request === 'incoming' ? (
                <span className="muted">Sent you a request</span>
              ) : (
                <button
                  type="button"
                  aria-label={`Add ${result.display_name} as a friend`}
                  onClick={() => act(() => socialApi.sendFriendRequest({ userId: result.id }), 'Friend request sent')}
                >
                  Add friend
                </button>
              )}
              {result.is_following ? (
                <button type="button" className="btn btn-small" aria-label={`Unfollow ${result.display_name}`} onClick={() => act(() => socialApi.unfollow(result.id), 'Unfollowed')}>
                  Unfollow
                </button>
              ) : (
                <button type="button" className="btn btn-small" aria-label={`Follow ${result.display_name}`} onClick={() => act(() => socialApi.follow(result.id), 'Following')}>
                  Follow
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={sendByEmail} className="field social-form">
        <label htmlFor="social-email">Send a friend request by e-mail</label>
        <input id="social-email" className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={email.trim() === ''}>
          Send request
        </button>
      </form>
    </section>
  );
}
