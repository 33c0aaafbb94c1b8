// Request and response shapes of /api/dashboard/session/*. Bodies take extra fields (the spec
// passes the screen's options through); the service checks the ones it reads.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';
import { StudySession } from '../dashboard/schemas';

const SessionResponse = Type.Object({ session: StudySession });

export const startSchema = {
  body: Type.Object({ session_type: Type.Optional(Type.Unknown()) }),
  response: { 201: Type.Object({ sessionId: Type.Integer(), session: StudySession }), ...errorResponses(400, 401) },
};

export const endSchema = {
  headers: Type.Object({ 'x-time-zone': Type.Optional(Type.String()) }),
  body: Type.Object({ sessionId: Type.Optional(Type.Unknown()) }),
  response: { 200: SessionResponse, ...errorResponses(400, 401, 404) },
};

export const cardStudySchema = {
  body: Type.Object({
    cardId: Type.Optional(Type.Unknown()),
    sessionId: Type.Optional(Type.Unknown()),
    correct: Type.Optional(Type.Unknown()),
  }),
  response: { 200: SessionResponse, ...errorResponses(400, 401, 404, 409) },
};
