// A temp folder holding a WAL-mode SQLite file and a connection that writes to it, new for each
// test: what the tests of the worker threads (checkpointer, reader) run beside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export interface WalFile {
  dir: string;
  file: string;
  writer: SqliteDatabase.Database;
}

/** Registers beforeEach/afterEach; `setup` is SQL run on the new file (pragmas, tables). */
export function useWalFile(prefix: string, setup: string): WalFile {
  const wal = {} as WalFile;
  beforeEach(() => {
    wal.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    wal.file = path.join(wal.dir, 'test.db');
    wal.writer = new SqliteDatabase(wal.file);
    wal.writer.pragma('journal_mode = WAL');
    wal.writer.exec(setup);
  });
  afterEach(() => {
    if (wal.writer.open) wal.writer.close();
    fs.rmSync(wal.dir, { recursive: true, force: true });
  });
  return wal;
}
