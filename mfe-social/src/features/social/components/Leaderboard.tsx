// The leaderboard (by experience points, among the learners the viewer may see): each name
// links to that learner's public profile, whose back link returns here; oneself links to one's
// own profile. A learner without a name reads "Learner #<id>"; a named one shows that public id
// beside the name, as search results do, so two learners of one name are told apart.
import { Link } from 'react-router-dom';
import type { Leaderboard as LeaderboardData } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { useLearnerName } from '@flashcard/shared-ui';
import { useSocialLocale } from '../../../i18n';

export function Leaderboard({ board }: { board: LeaderboardData }) {
  const { t, language } = useSocialLocale();
  const nameOf = useLearnerName();
  const myId = useAuthStore((state) => state.user?.id);
  const number = (n: number) => n.toLocaleString(language);
  return (
    <section className="card" aria-labelledby="social-leaderboard-heading">
      <h2 id="social-leaderboard-heading">{t('leaderboard.heading')}</h2>
      {board.leaderboard.length === 0 ? (
        <p className="muted">{t('leaderboard.empty')}</p>
      ) : (
        <ol className="social-leaderboard" aria-label={t('leaderboard.heading')}>
          {board.leaderboard.map((entry) => {
            const mine = entry.id === myId;
            return (
              <li key={entry.id} aria-current={mine ? 'true' : undefined}>
                <span className="social-rank">{t('leaderboard.rank', { rank: entry.rank })}</span>
                <span className="social-result-name">
                  <Link to={mine ? '/profile' : `/profile/${entry.id}`}>
                    {mine ? t('leaderboard.you', { name: nameOf(entry) }) : nameOf(entry)}
                  </Link>
                  {entry.display_name !== null && (
                    <span className="muted social-result-id">{t('search.publicId', { id: entry.id })}</span>
                  )}
                </span>
                <span className="muted social-points">
                  {t('leaderboard.points', { xp: number(entry.experience_points), level: number(entry.level) })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className="muted">
        {t('leaderboard.mine', { rank: number(board.me.rank), xp: number(board.me.experience_points) })}
      </p>
    </section>
  );
}
