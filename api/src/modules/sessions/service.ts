// Study sessions as the study screens run them: start one, count the cards studied in it, end
// it. Reviews count themselves (modules/study); card-study counts practice without scheduling.
// Ending a session that studied something earns XP once, however often the end is sent.
import type { CardStudyInput } from '@flashcard/api-contract/schemas';
import { SESSION_TYPES, type SessionType, type StudySessionRow } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { SESSION_COMPLETE_XP, XP_SOURCES } from '../../lib/experience';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import type { ExperienceRepository } from '../experience';
import type { SessionsRepository } from './repository';

export const MESSAGES = {
  sessionType: `Session type must be one of: ${SESSION_TYPES.join(', ')}`,
  sessionNotFound: 'Study session not found',
  sessionEnded: 'This study session has ended',
  cardNotFound: 'Card not found',
  correctInvalid: 'correct must be true or false',
} as const;

export interface SessionRepos {
  sessions: SessionsRepository;
  experience: ExperienceRepository;
  study: CardLookup;
}

/**
 * The one thing a session needs of the study module (which builds on this one: reviews count
 * in sessions): whether the learner has the card. Its ReviewRepository provides it.
 */
export interface CardLookup {
  findCard(userId: number, cardId: number): Promise<object | undefined>;
}

export interface SessionsServiceDeps {
  repos: SessionRepos;
  inTransaction: InTransaction<SessionRepos>;
  /** Runs once a session has really ended (not on a repeated end): unlocks achievements. */
  afterEnd?: (userId: number, timeZone: string) => Promise<unknown>;
  now: () => Date;
}

/**
 * An open session with no counted card for this long was left (tab closed, never ended): a card
 * takes seconds to a few minutes, so two idle hours mean the learner is gone, while a slow
 * learner or a long break in another tab is still far from it. Such a session is closed as
 * abandoned, ended at its last activity, when the learner starts another.
 */
export const ABANDONED_AFTER_MS = 2 * 60 * 60 * 1000;

const SESSION_TYPE_VALUES: readonly (string | undefined)[] = SESSION_TYPES;
const isSessionType = (value: string | undefined): value is SessionType => SESSION_TYPE_VALUES.includes(value);

export class SessionsService {
  constructor(private readonly deps: SessionsServiceDeps) {}

  /**
   * Starts a session. The learner's open sessions idle for longer than ABANDONED_AFTER_MS are
   * closed first, as abandoned: a new start is the sign that they are over.
   */
  async start(userId: number, sessionType: string | undefined): Promise<StudySessionRow> {
    if (!isSessionType(sessionType)) throw badRequest(MESSAGES.sessionType);
    const at = this.deps.now();
    const now = toTimestamp(at);
    await this.deps.repos.sessions.closeAbandoned(userId, toTimestamp(new Date(at.getTime() - ABANDONED_AFTER_MS)));
    return this.deps.repos.sessions.insert({
      user_id: userId,
      session_type: sessionType,
      started_at: now,
      created_at: now,
    });
  }

  /** Ends the session (once); a second end answers the same session and grants nothing. */
  async end(userId: number, sessionId: string | number | undefined, timeZone = 'UTC'): Promise<StudySessionRow> {
    const id = this.sessionIdOf(sessionId);
    const { session, ended } = await this.deps.inTransaction(async ({ sessions, experience }) => {
      const now = toTimestamp(this.deps.now());
      const before = await sessions.find(userId, id);
      if (!before) throw notFound(MESSAGES.sessionNotFound);
      // Only the request that actually ended it grants the XP, even when two race.
      const ended = await sessions.end(userId, id, now);
      if (ended && before.cards_studied > 0) {
        await experience.grant({
          user_id: userId,
          source: XP_SOURCES.sessionComplete,
          amount: SESSION_COMPLETE_XP,
          session_id: id,
          created_at: now,
        });
      }
      return { session: (await sessions.find(userId, id))!, ended };
    });
    // After the commit, so the achievements see this session and its XP.
    if (ended) await this.deps.afterEnd?.(userId, timeZone);
    return session;
  }

  /** A card studied outside the scheduler (practice modes): counted, not scheduled, no XP. */
  async cardStudy(userId: number, input: CardStudyInput): Promise<StudySessionRow> {
    const sessionId = this.sessionIdOf(input.sessionId);
    const cardId = parseId(input.cardId);
    if (input.correct !== undefined && typeof input.correct !== 'boolean') throw badRequest(MESSAGES.correctInvalid);
    const { sessions, study } = this.deps.repos;
    if (cardId === null || !(await study.findCard(userId, cardId))) throw notFound(MESSAGES.cardNotFound);
    await countInOpenSession(
      sessions,
      userId,
      sessionId,
      cardId,
      input.correct !== false,
      toTimestamp(this.deps.now()),
    );
    return (await sessions.find(userId, sessionId))!;
  }

  private sessionIdOf(value: string | number | undefined): number {
    const id = parseId(value);
    if (id === null) throw notFound(MESSAGES.sessionNotFound);
    return id;
  }
}

/**
 * Counts an answer to a card studied at `at` in the user's session `sessionId` if it had not
 * ended by then (`at` is then its last activity, unless a later card was counted); a card counts
 * once per session, however often it is answered. 404 / 409 otherwise: the session is only read
 * to explain a refusal.
 */
export async function countInOpenSession(
  sessions: SessionsRepository,
  userId: number,
  sessionId: number,
  cardId: number,
  correct: boolean,
  at: string,
): Promise<void> {
  if (await sessions.countCard(userId, sessionId, cardId, correct, at)) return;
  const session = await sessions.find(userId, sessionId);
  if (!session) throw notFound(MESSAGES.sessionNotFound);
  throw conflict(MESSAGES.sessionEnded);
}
