// Child process for the migration concurrency test: migrates the SQLite file given as the
// first argument and prints the names of the migrations it applied, as JSON.
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrate';

(async () => {
  const db = createDb({ client: 'sqlite', file: process.argv[2]! });
  try {
    process.stdout.write(JSON.stringify(await migrateToLatest(db)));
  } finally {
    await db.destroy();
  }
})();
