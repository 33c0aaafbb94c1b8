// `npm run deploy-token -- <label>`: creates a deploy token, the credential a team's release job
// sends to POST /api/platform/releases (`Authorization: Bearer fcd_...`). Uses the same
// configuration (DATA_DIR, DATABASE_URL...) as the server. Prints the token and nothing else on
// stdout, so a script can capture it: it is shown once, only its sha256 is stored.
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../config';
import { createDb, dialectOf } from '../db';
import { migrateToLatest } from '../db/migrate';
import { PlatformRepository } from '../modules/platform/repository';
import { DEPLOY_TOKEN_PREFIX, hashDeployToken } from '../modules/platform/routes';

export const USAGE = 'Usage: npm run deploy-token -- <label>   (label: 1-100 characters naming who uses the token, e.g. "quiz-team ci")';
export const MAX_LABEL_LENGTH = 100;

/** A mistake on the command line: printed as is, exit code 1. */
export class DeployTokenUsageError extends Error {}

/** `fcd_` + 32 random bytes in base64url (43 characters). */
export function newDeployToken(): string {
  return DEPLOY_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Runs the command; returns the new token, throws DeployTokenUsageError for a user mistake. */
export async function runDeployToken(args: string[], config: Config, now: () => Date = () => new Date()): Promise<string> {
  const [rawLabel, ...extra] = args;
  const label = rawLabel?.trim() ?? '';
  if (!label || extra.length) throw new DeployTokenUsageError(USAGE);
  if (label.length > MAX_LABEL_LENGTH) {
    throw new DeployTokenUsageError(`The label is ${label.length} characters long; at most ${MAX_LABEL_LENGTH} are allowed.\n${USAGE}`);
  }
  const db = createDb(config.database);
  try {
    // The tool may run before the server ever started on this database.
    await migrateToLatest(db);
    const token = newDeployToken();
    await new PlatformRepository(db, dialectOf(db)).insertDeployToken({ label, token_hash: hashDeployToken(token), created_at: now().toISOString() });
    return token;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  (async () => {
    try {
      process.stdout.write(`${await runDeployToken(process.argv.slice(2), loadConfig())}\n`);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  })();
}
