// What the study area keeps in this browser (IndexedDB, through idb): the last review queue of
// each scope, so a session can start with the network off, the outbox of ratings made offline,
// and the images those cards show. Every row names its learner; nothing here is a
// credential.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ReviewQueue, ReviewResult } from '@flashcard/api-contract';

/** A review queue as the server last sent it for one learner and scope. */
export interface SavedQueue {
  /** `${userId}:${scope}`, see `queueKey`. */
  key: string;
  userId: number;
  queue: ReviewQueue;
  /** When the server sent it (ms since epoch): the page says how old the cards are. */
  savedAt: number;
}

/** A rating made offline (or whose answer never came), waiting to be sent in `seq` order. */
export interface QueuedReview {
  /** Assigned by the database: the order the ratings were made in. */
  seq?: number;
  userId: number;
  idempotencyKey: string;
  cardId: number;
  result: ReviewResult;
  timeSpent: number;
  /** When the learner rated (ISO 8601): the server schedules and counts the review at this time. */
  reviewedAt: string;
}

/** One of the learner's images, kept for the saved cards that show it. */
export interface SavedMedia {
  /** `${userId}:${name}`. */
  key: string;
  userId: number;
  /** The file's bytes and type (bytes rather than a Blob: some browsers stored Blobs badly). */
  bytes: ArrayBuffer;
  type: string;
}

interface StudySchema extends DBSchema {
  queues: { key: string; value: SavedQueue; indexes: { byUser: number } };
  media: { key: string; value: SavedMedia; indexes: { byUser: number } };
  outbox: { key: number; value: QueuedReview; indexes: { byUser: number; byKey: string } };
}

export type StudyDatabase = IDBPDatabase<StudySchema>;

const DATABASE = 'flashcard-study';
let opened: Promise<StudyDatabase> | null = null;

/** The database, opened once per page; null where the browser has no IndexedDB. */
export function studyDatabase(): Promise<StudyDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  opened ??= openDB<StudySchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('queues', { keyPath: 'key' }).createIndex('byUser', 'userId');
      db.createObjectStore('media', { keyPath: 'key' }).createIndex('byUser', 'userId');
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byUser', 'userId');
      outbox.createIndex('byKey', 'idempotencyKey', { unique: true });
    },
  });
  return opened;
}

/** Tests start each case from an empty database. */
export async function closeStudyDatabaseForTests(): Promise<void> {
  if (opened) (await opened).close();
  opened = null;
}
