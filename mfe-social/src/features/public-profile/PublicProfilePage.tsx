// /profile/:id: another learner's public profile (name, level, XP, streak, cards, achievements),
// when their privacy setting lets the viewer see it; otherwise the API's "not found" message.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { socialApi, type SocialProfile } from '@flashcard/api-contract';
import { getErrorMessage } from '@flashcard/shared-auth';

export const PROFILE_LOAD_FAILED = 'Could not load this profile.';
export const NOT_FOUND = 'This profile does not exist or is private';

async function fetchProfile(userId: number): Promise<{ profile: SocialProfile } | { error: string }> {
  try {
    return { profile: await socialApi.profile(userId) };
  } catch (err) {
    return { error: getErrorMessage(err, PROFILE_LOAD_FAILED) ?? PROFILE_LOAD_FAILED };
  }
}

export function PublicProfilePage() {
  const { id } = useParams();
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId > 0;
  const [profile, setProfile] = useState<SocialProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = useCallback((result: { profile: SocialProfile } | { error: string }) => {
    if ('profile' in result) {
      setProfile(result.profile);
      setError(null);
    } else {
      setError(result.error);
    }
  }, []);

  const load = useCallback(async () => {
    if (valid) apply(await fetchProfile(userId));
  }, [apply, userId, valid]);

  useEffect(() => {
    if (!valid) return;
    let mounted = true;
    void fetchProfile(userId).then((result) => {
      if (mounted) apply(result);
    });
    return () => {
      mounted = false;
    };
  }, [apply, userId, valid]);

  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.success(success);
      await load();
    } catch (err) {
      setError(getErrorMessage(err, PROFILE_LOAD_FAILED) ?? PROFILE_LOAD_FAILED);
    }
  };

  const shownError = valid ? error : NOT_FOUND;
  return (
    <div className="page">
      <header className="page-header">
        <h1>{profile ? profile.display_name : 'Learner profile'}</h1>
      </header>
      {shownError && <p role="alert">{shownError}</p>}
      {!profile && !shownError && <p role="status">Loading...</p>}
      {profile && (
        <section className="card" aria-label="Public profile">
          <dl>
            <dt>Level</dt>
            <dd>{profile.level}</dd>
            <dt>Experience points</dt>
            <dd>{profile.experience_points}</dd>
            <dt>Current streak</dt>
            <dd>
              {profile.current_streak} {profile.current_streak === 1 ? 'day' : 'days'}
            </dd>
            <dt>Cards</dt>
            <dd>{profile.cards_count}</dd>
            <dt>Achievements</dt>
            <dd>{profile.achievements_count}</dd>
          </dl>
          <div className="row">
            {profile.is_friend ? (
              <span className="muted">Friend</span>
            ) : (
              <button type="button" className="btn btn-small" onClick={() => act(() => socialApi.sendFriendRequest({ userId: profile.id }), 'Friend request sent')}>
                Add friend
              </button>
            )}
            {profile.is_following ? (
              <button type="button" className="btn btn-small" onClick={() => act(() => socialApi.unfollow(profile.id), 'Unfollowed')}>
                Unfollow
              </button>
            ) : (
              <button type="button" className="btn btn-small" onClick={() => act(() => socialApi.follow(profile.id), 'Following')}>
                Follow
              </button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
