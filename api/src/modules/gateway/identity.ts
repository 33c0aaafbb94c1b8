// Who is calling, as a service learns it: a short JWT the platform signs for that service alone
// (`aud` service:<name>), never the learner's own token, which would let a service act as the
// learner on the whole API. A token is reused while most of its life is left, so a busy learner
// costs one signature a half-life, not one per call.
import { SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '../../db/schema';
import { SIGNING_ALGORITHM, type SigningKeys } from './keys';

export interface Caller {
  id: number;
  role: Role;
}

export interface IdentityOptions {
  keys: SigningKeys;
  /** `iss`: the platform's public origin, or 'flashcard-platform'. */
  issuer: string;
  /** At most 60 s. */
  ttlSeconds: number;
  now: () => Date;
}

/** The audience a service checks: a token for one service is refused by every other. */
export const audienceOf = (service: string) => `service:${service}`;

const CACHED_TOKENS = 10_000;

export class ServiceIdentity {
  private readonly cache = new LRUCache<string, { token: string; renewAt: number }>({ max: CACHED_TOKENS });

  constructor(private readonly options: IdentityOptions) {}

  /** `Bearer` token for `caller` calling `service` now. */
  async tokenFor(service: string, caller: Caller): Promise<string> {
    const now = this.options.now().getTime();
    const { kid, key } = await this.options.keys.signer();
    const cacheKey = `${service}\n${caller.id}\n${caller.role}\n${kid}`;
    const cached = this.cache.get(cacheKey);
    if (cached && cached.renewAt > now) return cached.token;
    const issuedAt = Math.floor(now / 1000);
    const token = await new SignJWT({ roles: [caller.role] })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setIssuer(this.options.issuer)
      .setAudience(audienceOf(service))
      .setSubject(String(caller.id))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.options.ttlSeconds)
      .sign(key);
    this.cache.set(cacheKey, { token, renewAt: now + (this.options.ttlSeconds * 1000) / 2 });
    return token;
  }
}
