// /profile/:id: another learner's public profile (name, level, XP, streak, cards, achievements),
// when their privacy setting lets the viewer see it; otherwise the API's "not found" message.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { socialApi, type SocialProfile } from '@flashcard/api-contract';
import { getErrorMessage } from '@flashcard/shared-auth';
import { useLearnerName } from '@flashcard/shared-ui';
import { useSocialLocale } from '../../i18n';

/** The API's own text (e.g. its "not found"), or '' when the screen words it ('publicProfile.loadFailed'). */
async function fetchProfile(userId: number): Promise<{ profile: SocialProfile } | { error: string }> {
  try {
    return { profile: await socialApi.profile(userId) };
  } catch (err) {
    return { error: getErrorMessage(err) ?? '' };
  }
}

export function PublicProfilePage() {
  const { t, language } = useSocialLocale();
  const nameOf = useLearnerName();
  const number = (n: number) => n.toLocaleString(language);
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
      setError(getErrorMessage(err) ?? '');
    }
  };

  const shownError = valid
    ? error === null
      ? null
      : error || t('publicProfile.loadFailed')
    : t('publicProfile.notFound');
  return (
    <div className="page">
      <header className="page-header">
        <h1>{profile ? nameOf(profile) : t('publicProfile.title')}</h1>
      </header>
      {shownError && <p role="alert">{shownError}</p>}
      {!profile && !shownError && <p role="status">{t('common.loading')}</p>}
      {profile && (
        <section className="card" aria-label={t('publicProfile.region')}>
          <dl>
            <dt>{t('common.level')}</dt>
            <dd>{number(profile.level)}</dd>
            <dt>{t('publicProfile.experiencePoints')}</dt>
            <dd>{number(profile.experience_points)}</dd>
            <dt>{t('publicProfile.currentStreak')}</dt>
            <dd>{t('common.days', { count: profile.current_streak })}</dd>
            <dt>{t('common.cards')}</dt>
            <dd>{number(profile.cards_count)}</dd>
            <dt>{t('publicProfile.achievements')}</dt>
            <dd>{number(profile.achievements_count)}</dd>
          </dl>
          <div className="row">
            {profile.is_friend ? (
              <span className="muted">{t('common.friend')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => act(() => socialApi.sendFriendRequest({ userId: profile.id }), t('toast.requestSent'))}
              >
                {t('common.addFriend')}
              </button>
            )}
            {profile.is_following ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => act(() => socialApi.unfollow(profile.id), t('toast.unfollowed'))}
              >
                {t('common.unfollow')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => act(() => socialApi.follow(profile.id), t('toast.following'))}
              >
                {t('common.follow')}
              </button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
