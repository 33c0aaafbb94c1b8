import { useState } from 'react';
import type { StudySession } from '@flashcard/api-contract';
import { relativeTime } from '@flashcard/shared-ui';
import { progressText, useProgressLocale } from '../../../i18n';
import { formatRate } from '../chart-data';
import { parseTimestamp } from '../timestamps';

export const RECENT_SESSION_LIMIT = 3;

/** A session type a newer API may add reads like 'other'. */
export function sessionLabel(session: { session_type: string; cards_studied: number }): string {
  if (session.session_type === 'practice') return progressText('recent.practiceSession');
  if (session.session_type === 'review') return progressText('recent.reviewSession');
  return progressText('recent.studiedCards', { count: Number(session.cards_studied) || 0 });
}

function sessionTime(session: StudySession): string {
  return session.created_at ?? session.started_at;
}

/** A session that ended after studying at least one card (the API lists only these). */
export const isCompleted = (session: StudySession): boolean =>
  Boolean(session.ended_at) && Number(session.cards_studied) > 0;

/** Completed sessions only, newest first, whatever order the server used. */
export function latestSessions(sessions: StudySession[], limit = RECENT_SESSION_LIMIT): StudySession[] {
  const time = (s: StudySession) => parseTimestamp(sessionTime(s)) || 0;
  return sessions
    .filter(isCompleted)
    .sort((a, b) => time(b) - time(a))
    .slice(0, limit);
}

export function RecentSessions({ sessions, now }: { sessions: StudySession[]; now?: number }) {
  // The clock is read once, when the list first shows: reading it while rendering is impure. A
  // session newer than that reads 'Just now' all the same (relativeTime).
  const [shownAt] = useState(Date.now);
  const { t, language } = useProgressLocale();
  const latest = latestSessions(sessions);
  if (latest.length === 0) return <p className="muted">{t('recent.empty')}</p>;

  return (
    <ul className="progress-recent">
      {latest.map((session) => {
        const cards = Number(session.cards_studied) || 0;
        const accuracy = Math.round(Number(session.accuracy) || 0);
        const timestamp = sessionTime(session);
        const parsed = parseTimestamp(timestamp);
        return (
          <li key={session.id} className="spread">
            <div>
              <div className="progress-recent-title">{sessionLabel(session)}</div>
              <div className="muted">{t('recent.details', { count: cards, accuracy: formatRate(accuracy) })}</div>
            </div>
            <time className="muted" dateTime={Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString()}>
              {relativeTime(parsed, { now: now ?? shownAt, language })}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
