// `npm run set-role -- <email> <role>`: gives an account the role user, admin or super_admin.
// Uses the same configuration (DATA_DIR, DATABASE_URL...) as the server, so it edits the
// database the server uses.
import { loadConfig, type Config } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrate';
import { ROLES } from '../db/schema';
import { RoleChangeError, setUserRole } from '../modules/auth';

export const USAGE = `Usage: npm run set-role -- <email> <${ROLES.join('|')}>`;

/** Runs the command; returns what to print, throws RoleChangeError for a user mistake. */
export async function runSetRole(args: string[], config: Config): Promise<string> {
  const [email, role, ...extra] = args;
  if (!email || !role || extra.length) throw new RoleChangeError(USAGE);
  const db = createDb(config.database);
  try {
    // The tool may run before the server ever started on this database.
    await migrateToLatest(db);
    const user = await setUserRole(db, email, role);
    return `Role of ${user.email} (id ${user.id}) is now ${user.role}.`;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  (async () => {
    try {
      console.log(await runSetRole(process.argv.slice(2), loadConfig()));
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  })();
}
