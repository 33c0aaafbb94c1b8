import type { StudySession } from '@flashcard/api-contract';
import { latestSessions, sessionLabel } from './RecentSessions';

describe('sessionLabel', () => {
  it.each([
    ['practice', 4, 'Completed practice session'],
    ['review', 4, 'Completed review session'],
    ['other', 4, 'Studied 4 cards'],
    ['something-new', 7, 'Studied 7 cards'],
  ])('%s with %i cards reads %s', (session_type, cards_studied, expected) => {
    expect(sessionLabel({ session_type, cards_studied })).toBe(expected);
  });
});

describe('latestSessions', () => {
  it('keeps the newest three, newest first, whatever the input order', () => {
    const at = (id: number, created_at: string) =>
      ({
        id,
        session_type: 'review',
        cards_studied: 1,
        accuracy: 1,
        started_at: created_at,
        ended_at: created_at,
        created_at,
      }) as StudySession;
    const result = latestSessions([
      at(1, '2025-01-01T00:00:00Z'),
      at(2, '2025-01-04T00:00:00Z'),
      at(3, '2025-01-02T00:00:00Z'),
      at(4, '2025-01-03T00:00:00Z'),
    ]);
    expect(result.map((s) => s.id)).toEqual([2, 4, 3]);
  });

  it('never lists an open, abandoned or empty session, nor lets one push a finished one out', () => {
    const at = (id: number, created_at: string, cards: number, ended: boolean): StudySession => ({
      id,
      session_type: 'practice',
      cards_studied: cards,
      accuracy: cards > 0 ? 100 : 0,
      started_at: created_at,
      ended_at: ended ? created_at : null,
      created_at,
    });
    const result = latestSessions([
      at(1, '2025-01-01T00:00:00Z', 3, true),
      at(2, '2025-01-02T00:00:00Z', 4, true),
      at(3, '2025-01-03T00:00:00Z', 5, true),
      at(4, '2025-01-04T00:00:00Z', 0, false),
      at(5, '2025-01-05T00:00:00Z', 2, false),
      at(6, '2025-01-06T00:00:00Z', 0, true),
    ]);
    expect(result.map((s) => s.id)).toEqual([3, 2, 1]);
  });
});
