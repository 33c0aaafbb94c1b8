// What the cards area keeps in this browser (IndexedDB, through idb): the last list of cards and
// of sets the server sent each learner, so My Cards opens with the network off, and the outbox of
// cards created and edited offline. Every row names its learner; nothing here is a credential.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Card, CardInput, Category } from '@flashcard/api-contract';

/** The learner's unfiltered list as the server last sent it, every page loaded then. */
export interface SavedList {
  userId: number;
  cards: Card[];
  /** When the server sent it (ms since epoch): the page says how old the cards are. */
  savedAt: number;
}

/** The learner's sets as the server last sent them: the set pickers offline (an edit keeps its set). */
export interface SavedSets {
  userId: number;
  categories: Category[];
}

/** A card created offline (or whose answer never came), waiting to be sent. */
export interface QueuedCreate {
  kind: 'create';
  /** Assigned by the database: the order the changes were made in. */
  seq?: number;
  userId: number;
  idempotencyKey: string;
  /** The card's id on this page until the server gives it one: negative, never a server id. */
  localId: number;
  input: CardInput;
  /** When the learner saved it (ISO 8601). */
  editedAt: string;
}

/** An edit made offline, waiting to be sent with its time: the server keeps the later change. */
export interface QueuedEdit {
  kind: 'edit';
  seq?: number;
  userId: number;
  /** Tells the outbox's rows apart; the server needs none (an edit it holds already is answered as applied). */
  idempotencyKey: string;
  /** The server's id, or a queued create's `localId` (rewritten when that create is sent). */
  cardId: number;
  input: CardInput;
  editedAt: string;
}

export type QueuedChange = QueuedCreate | QueuedEdit;

interface CardsSchema extends DBSchema {
  lists: { key: number; value: SavedList };
  sets: { key: number; value: SavedSets };
  outbox: { key: number; value: QueuedChange; indexes: { byUser: number; byKey: string } };
}

export type CardsDatabase = IDBPDatabase<CardsSchema>;

const DATABASE = 'flashcard-cards';
let opened: Promise<CardsDatabase> | null = null;

/** The database, opened once per page; null where the browser has no IndexedDB. */
export function cardsDatabase(): Promise<CardsDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  opened ??= openDB<CardsSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('lists', { keyPath: 'userId' });
      db.createObjectStore('sets', { keyPath: 'userId' });
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byUser', 'userId');
      outbox.createIndex('byKey', 'idempotencyKey', { unique: true });
    },
  });
  return opened;
}

/** Tests start each case from an empty database. */
export async function closeCardsDatabaseForTests(): Promise<void> {
  if (opened) (await opened).close();
  opened = null;
}
