// /api/dashboard/session/*: the study screens start a session, count cards studied in it
// outside the scheduler (practice), and end it. Bodies take extra fields (the screens pass
// their options through); the fields the API reads are checked by its sessions service, which
// answers a wrong value with its own message (hence the permissive `Checked` types).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { BodyId, Checked, errorResponses, TimeZoneHeaders } from './common';
import { StudySession } from './dashboard';

export const StartSessionBody = Type.Object({
  /** 'practice', 'review' or 'other'; anything else: 400 "Session type must be one of: ...". */
  session_type: Type.Optional(Type.String({ maxLength: 40 })),
});

export const EndSessionBody = Type.Object({
  /** Absent or naming no session of the learner's: 404 "Study session not found". */
  sessionId: Type.Optional(BodyId),
  /** Ratings the screen counted; the API counts the session's reviews itself and ignores these. */
  cards_studied: Type.Optional(Type.Integer()),
  correct_count: Type.Optional(Type.Integer()),
});

export const CardStudyBody = Type.Object({
  sessionId: BodyId,
  cardId: BodyId,
  /** true unless given; anything but true or false: 400 "correct must be true or false". */
  correct: Type.Optional(Checked('string', 'boolean')),
});

export const StartSessionResponse = Type.Object({ sessionId: Type.Integer(), session: StudySession });
export const SessionResponse = Type.Object({ session: StudySession });

export const sessionsEndpoints = {
  start: endpoint('POST', '/dashboard/session/start', {
    body: StartSessionBody,
    response: { 201: StartSessionResponse, ...errorResponses(400, 401) },
  }),
  /** Ends the session once: XP for a session that studied something; a second end answers the same session. */
  end: endpoint('POST', '/dashboard/session/end', {
    headers: TimeZoneHeaders,
    body: EndSessionBody,
    response: { 200: SessionResponse, ...errorResponses(400, 401, 404) },
  }),
  /** A card studied outside the scheduler (practice): counted in the open session, not scheduled, no XP. */
  cardStudy: endpoint('POST', '/dashboard/session/card-study', {
    body: CardStudyBody,
    response: { 200: SessionResponse, ...errorResponses(400, 401, 404, 409) },
  }),
};

export type StartSessionInput = Static<typeof StartSessionBody>;
export type EndSessionInput = Static<typeof EndSessionBody>;
export type CardStudyInput = Static<typeof CardStudyBody>;
