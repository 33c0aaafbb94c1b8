// Entry point of `npm start` / `npm run dev`: migrate, listen, and shut down cleanly.
import type { Server } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db';
import { migrateToLatest } from './db/migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config.database);
  const applied = await migrateToLatest(db);

  const app = buildApp(config, { db });
  app.addHook('onClose', async () => db.destroy());
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      // In-flight requests finish; new ones are refused; the database is closed last.
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Flashcards is running at ${publicUrl(config, app.server.address())} (${describeDatabase(config)})`);
}

function publicUrl(config: Config, address: ReturnType<Server['address']>): string {
  const port = typeof address === 'object' && address ? address.port : config.port;
  // 0.0.0.0 / :: mean "every interface"; a browser on this machine uses localhost.
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host}:${port}`;
}

function describeDatabase(config: Config): string {
  return config.database.client === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL';
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Failed to start the server:', error);
  }
  process.exit(1);
});
