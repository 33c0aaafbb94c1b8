import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';

export const healthSchema = {
  response: {
    200: Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') }),
    ...errorResponses(503),
  },
};
