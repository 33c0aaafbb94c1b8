// Deploy tokens: the credential a team's release job sends (`Authorization: Bearer fcd_...`).
// Each belongs to a team through the remotes it names, and only those: a token is never a key
// to the whole registry. Only its sha256 is stored; it may expire and can be revoked at once.
import { createHash, randomBytes } from 'node:crypto';
import type { CreateDeployTokenBody } from '@flashcard/api-contract/schemas';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { jsonList } from '../../lib/json';
import { parseId } from '../../lib/params';
import { MS_PER_DAY, toTimestamp } from '../../lib/time';
import type { DeployTokenRow, PlatformRepository } from './repository';

/** Deploy tokens look like `fcd_<43 base64url characters>`. */
export const DEPLOY_TOKEN_PREFIX = 'fcd_';
/** What the registry keeps of a secret it hands out (deploy tokens, preview links). */
export const hashSecret = (token: string) => createHash('sha256').update(token).digest('hex');
export const hashDeployToken = hashSecret;

/** `fcd_` + 32 random bytes in base64url. */
export function newDeployToken(): string {
  return DEPLOY_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * Who changes the registry. A token may change its own remotes; a signed-in super_admin and the
 * server itself (releasing the in-repository remotes at start-up) may change any.
 */
export type RegistryActor =
  | { kind: 'token'; id: number; label: string; remotes: string[] }
  | { kind: 'user'; email: string }
  | { kind: 'built-in' };

export const BUILT_IN: RegistryActor = { kind: 'built-in' };

/** How the audit trail names an actor: `token:<label>`, `user:<email>` or `built-in`. */
export function actorName(actor: RegistryActor): string {
  if (actor.kind === 'token') return `token:${actor.label}`;
  return actor.kind === 'user' ? `user:${actor.email}` : 'built-in';
}

/** The remotes a token row names (a row made before scopes names none). */
export function remotesOf(row: Pick<DeployTokenRow, 'remotes'>): string[] {
  return jsonList(row.remotes).filter((name): name is string => typeof name === 'string');
}

/** 403 unless `actor` may change `remote`; the message names the token's scope. */
export function assertMayChange(actor: RegistryActor, remote: string): void {
  if (actor.kind !== 'token' || actor.remotes.includes(remote)) return;
  const scope = actor.remotes.length
    ? actor.remotes.join(', ')
    : 'no remote (it was made before tokens had scopes; ask for a new one)';
  throw forbidden(`The deploy token "${actor.label}" may change ${scope}, not ${remote}`);
}

export class DeployTokenService {
  constructor(
    private readonly repository: PlatformRepository,
    private readonly now: () => Date,
  ) {}

  /** A new token for `remotes`; the only time its text exists outside the caller. */
  async create(input: CreateDeployTokenBody): Promise<{ token: string; row: DeployTokenRow }> {
    const token = newDeployToken();
    const now = this.now();
    const expires = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * MS_PER_DAY) : null;
    const row = await this.repository.insertDeployToken({
      label: input.label.trim(),
      token_hash: hashDeployToken(token),
      remotes: JSON.stringify([...new Set(input.remotes)]),
      created_at: toTimestamp(now),
      expires_at: expires ? toTimestamp(expires) : null,
    });
    return { token, row };
  }

  list(): Promise<DeployTokenRow[]> {
    return this.repository.listDeployTokens();
  }

  /** Revoked at once, on every instance (each request reads the row). */
  async revoke(rawId: string): Promise<void> {
    const id = parseId(rawId);
    if (id === null || !(await this.repository.revokeDeployToken(id, toTimestamp(this.now())))) {
      throw notFound('No deploy token with that id');
    }
  }

  /** The actor a presented token stands for; 401 for an unknown, revoked or expired one. */
  async authenticate(token: string): Promise<RegistryActor> {
    const now = toTimestamp(this.now());
    const row = await this.repository.findDeployToken(hashDeployToken(token));
    if (!row) throw unauthorized('Invalid deploy token');
    if (row.revoked_at) throw unauthorized(`The deploy token "${row.label}" was revoked`);
    if (row.expires_at && row.expires_at <= now)
      throw unauthorized(`The deploy token "${row.label}" expired at ${row.expires_at}`);
    await this.repository.markDeployTokenUsed(row.id, now);
    return { kind: 'token', id: row.id, label: row.label, remotes: remotesOf(row) };
  }
}
