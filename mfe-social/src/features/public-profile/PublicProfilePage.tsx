// /profile/:id: another learner's public profile (name, level, XP, streak, cards, achievements),
// when their privacy setting lets the viewer see it; otherwise the API's "not found" message.
// A back link returns where the learner came from (search, friends, the leaderboard...), and the
// heading takes the focus once the page has its name, so a screen reader starts there.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { socialApi, type SocialProfile } from '@flashcard/api-contract';
import { getErrorMessage } from '@flashcard/shared-auth';
import { useLearnerName } from '@flashcard/shared-ui';
import { Avatar } from '../../components/Avatar';
import { useSocialLocale } from '../../i18n';
import '../social/social.css';

/** Whether this page was reached inside the app (react-router counts its history entries). */
function cameFromApp(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

function BackLink() {
  const { t } = useSocialLocale();
  const navigate = useNavigate();
  // Opened from a link in the app (search, friends, a leaderboard): back where it was, as the
  // browser's Back would (that page as it was left); a page opened directly goes to Social.
  function back(event: MouseEvent) {
    if (!cameFromApp()) return;
    event.preventDefault();
    navigate(-1);
  }
  return (
    <Link to="/social" className="social-back" onClick={back}>
      <span aria-hidden="true">←</span> {t('publicProfile.back')}
    </Link>
  );
}

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
  const heading = useRef<HTMLHeadingElement>(null);

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
  // Focus the heading when it has its final text (the name, or the page's title beside an error).
  const settled = profile !== null || shownError !== null;
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled, userId]);

  const stats = profile && [
    { label: t('common.level'), value: number(profile.level) },
    { label: t('publicProfile.experiencePoints'), value: number(profile.experience_points) },
    { label: t('publicProfile.currentStreak'), value: t('common.days', { count: profile.current_streak }) },
    { label: t('common.cards'), value: number(profile.cards_count) },
    { label: t('publicProfile.achievements'), value: number(profile.achievements_count) },
  ];
  return (
    <div className="page">
      <BackLink />
      <header className="page-header">
        <div className="row" style={{ alignItems: 'center', gap: '1rem' }}>
          {profile && <Avatar initial={nameOf(profile).charAt(0).toUpperCase()} size={56} />}
          <div>
            <h1 ref={heading} tabIndex={-1} className="social-profile-heading">
              {profile ? nameOf(profile) : t('publicProfile.title')}
            </h1>
          </div>
        </div>
      </header>
      {shownError && (
        <div className="card" role="alert">
          {shownError}
        </div>
      )}
      {!profile && !shownError && <p role="status">{t('common.loading')}</p>}
      {profile && stats && (
        <section className="stack" aria-label={t('publicProfile.region')}>
          <dl className="grid grid-4 social-profile-stats">
            {stats.map((stat) => (
              <div key={stat.label} className="card">
                <dt className="stat-label">{stat.label}</dt>
                <dd className="stat-value">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="row">
            {profile.is_friend ? (
              <span className="badge">{t('common.friend')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => act(() => socialApi.sendFriendRequest({ userId: profile.id }), t('toast.requestSent'))}
              >
                {t('common.addFriend')}
              </button>
            )}
            {profile.is_following ? (
              <button
                type="button"
                className="btn"
                onClick={() => act(() => socialApi.unfollow(profile.id), t('toast.unfollowed'))}
              >
                {t('common.unfollow')}
              </button>
            ) : (
              <button
                type="button"
                className="btn"
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
