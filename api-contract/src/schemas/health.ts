// /api/health: 200 when the instance can reach its database, 503 when it cannot.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses } from './common';

export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') });

export const healthEndpoints = {
  check: endpoint('GET', '/health', { response: { 200: Health, ...errorResponses(503) } }),
};

export type Health = Static<typeof Health>;
