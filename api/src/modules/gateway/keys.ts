// The gateway's signing keys, shared by every API instance through the database. The first
// instance that needs a key makes it; the next generation is made `publishAheadMs` before it
// takes over, so services' cached key sets already hold it; a retired key stays published until
// every token it signed has expired, then is deleted (its private half is no longer needed).
import type { Jwk } from '@flashcard/api-contract/schemas';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';
import { toTimestamp } from '../../lib/time';
import type { GatewayRepository, SigningKeyRow } from './repository';

export const SIGNING_ALGORITHM = 'ES256';

export interface KeyPolicy {
  /** How long a key signs before the next one takes over. */
  maxAgeMs: number;
  /** How long before it signs the next key is published. */
  publishAheadMs: number;
  /** How long a token lives: a retired key is published this long (and a margin) after it last signed. */
  tokenTtlMs: number;
}

/** Clocks of instances differ a little; a retired key is kept this much longer. */
const CLOCK_MARGIN_MS = 60_000;

export interface SigningKey {
  kid: string;
  key: KeyLike;
}

export class SigningKeys {
  private rows: SigningKeyRow[] = [];
  private readAt = -Infinity;
  private readonly imported = new Map<string, Promise<KeyLike>>();
  /** How long this instance trusts its list of keys: well under publishAheadMs, so none is missed. */
  private readonly recheckMs: number;

  constructor(
    private readonly repository: GatewayRepository,
    private readonly policy: KeyPolicy,
    private readonly now: () => Date,
  ) {
    this.recheckMs = Math.min(60_000, Math.max(1, Math.floor(policy.publishAheadMs / 2)));
  }

  /** The key to sign with now (made first if there is none, the next one published when due). */
  async signer(): Promise<SigningKey> {
    const rows = await this.ensure();
    const row = signerOf(rows, this.now().getTime());
    let key = this.imported.get(row.kid);
    if (!key) {
      key = importJWK(JSON.parse(row.private_jwk) as JWK, SIGNING_ALGORITHM) as Promise<KeyLike>;
      this.imported.set(row.kid, key);
    }
    return { kid: row.kid, key: await key };
  }

  /** The public keys a service may meet: the signer, the next one, and the retired ones still in use. */
  async published(): Promise<Jwk[]> {
    const rows = await this.ensure();
    const now = this.now().getTime();
    const retiredBefore = now - this.policy.tokenTtlMs - CLOCK_MARGIN_MS;
    // The newest key that began signing before `retiredBefore`: every older one's tokens expired.
    const oldestNeeded = [...rows].reverse().find((row) => Date.parse(row.signs_from) <= retiredBefore);
    const kept = oldestNeeded ? rows.filter((row) => row.generation >= oldestNeeded.generation) : rows;
    if (kept.length < rows.length) {
      await this.repository.deleteSigningKeysBefore(oldestNeeded!.generation);
      for (const row of rows) if (!kept.includes(row)) this.imported.delete(row.kid);
      this.rows = kept;
    }
    return kept.map((row) => JSON.parse(row.public_jwk) as Jwk);
  }

  /** The keys, read again when this instance's copy is old; a first key or the next one made when due. */
  private async ensure(): Promise<SigningKeyRow[]> {
    const now = this.now().getTime();
    if (now - this.readAt >= this.recheckMs || now < this.readAt) await this.read();
    if (!this.rows.length) {
      await this.make(1, now);
      await this.read();
    }
    const current = signerOf(this.rows, now);
    const newest = this.rows[this.rows.length - 1]!;
    const signsFrom = Date.parse(current.signs_from);
    if (newest === current && now - signsFrom >= this.policy.maxAgeMs - this.policy.publishAheadMs) {
      await this.make(
        current.generation + 1,
        Math.max(signsFrom + this.policy.maxAgeMs, now + this.policy.publishAheadMs),
      );
      await this.read();
    }
    return this.rows;
  }

  private async read(): Promise<void> {
    this.rows = await this.repository.listSigningKeys();
    this.readAt = this.now().getTime();
  }

  /** A new key pair of `generation`; another instance may make the same generation first, and its key is kept. */
  private async make(generation: number, signsFrom: number): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await this.repository.insertSigningKey({
      generation,
      kid,
      algorithm: SIGNING_ALGORITHM,
      public_jwk: JSON.stringify({ ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' }),
      private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM }),
      created_at: toTimestamp(this.now()),
      signs_from: toTimestamp(new Date(signsFrom)),
    });
  }
}

/** The key signing at `now`: the newest whose turn has come (the first key signs at once). */
function signerOf(rows: SigningKeyRow[], now: number): SigningKeyRow {
  return [...rows].reverse().find((row) => Date.parse(row.signs_from) <= now) ?? rows[0]!;
}
