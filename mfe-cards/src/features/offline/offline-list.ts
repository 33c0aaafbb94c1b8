// The card list as this browser can show it with the network off: the last unfiltered list the
// server sent the learner (every page loaded then), and on top of any list the changes still in
// the outbox: a card created offline first, marked as waiting, an edit's new text in its card.
import { isNoteKind, noteOrds, type Card, type CardInput, type Category } from '@flashcard/api-contract';
import { cardsDatabase, type QueuedChange, type QueuedCreate, type SavedList } from './cards-db';

export type { SavedList };

/** A set's name by id (the sets the screen has loaded), null when it knows none. */
export type SetName = (id: number) => string | null;

export async function saveList(userId: number, cards: Card[], savedAt: number): Promise<void> {
  const db = await cardsDatabase();
  await db?.put('lists', { userId, cards, savedAt });
}

export async function savedList(userId: number): Promise<SavedList | undefined> {
  const db = await cardsDatabase();
  return db?.get('lists', userId);
}

export async function saveSets(userId: number, categories: Category[]): Promise<void> {
  const db = await cardsDatabase();
  await db?.put('sets', { userId, categories });
}

export async function savedSets(userId: number): Promise<Category[] | undefined> {
  const db = await cardsDatabase();
  return (await db?.get('sets', userId))?.categories;
}

/** The server's answer for a card (a queued change sent): the saved list takes it, a new one first. */
export async function rememberCard(userId: number, card: Card): Promise<void> {
  const db = await cardsDatabase();
  if (!db) return;
  const tx = db.transaction('lists', 'readwrite');
  const saved = await tx.store.get(userId);
  if (saved) {
    const known = saved.cards.some((each) => each.id === card.id);
    const cards = known ? saved.cards.map((each) => (each.id === card.id ? card : each)) : [card, ...saved.cards];
    await tx.store.put({ ...saved, cards });
  }
  await tx.done;
}

/**
 * Drops the saved list and sets of every learner but `keep` (a shared computer keeps no one else's
 * cards). Their queued changes stay: they are sent when that learner signs in again.
 */
export async function forgetLists(keep: number | null): Promise<void> {
  const db = await cardsDatabase();
  if (!db) return;
  const tx = db.transaction(['lists', 'sets'], 'readwrite');
  for (const store of [tx.objectStore('lists'), tx.objectStore('sets')])
    for (const userId of await store.getAllKeys()) if (userId !== keep) await store.delete(userId);
  await tx.done;
}

const optional = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** A card's fields after `input` (what the form sends), trimmed as the server will; its rules come later. */
export function withInput(card: Card, input: CardInput, setName: SetName): Card {
  const difficulty = Number(input.difficulty_level);
  const kind = isNoteKind(input.kind) ? input.kind : card.kind;
  const categoryId = input.category_id === undefined ? card.category_id : input.category_id;
  const set = categoryId === card.category_id ? card.category_name : categoryId === null ? null : setName(categoryId);
  return {
    ...card,
    kind,
    question: input.question === undefined ? card.question : input.question.trim(),
    answer: input.answer === undefined ? card.answer : input.answer.trim(),
    difficulty_level: Number.isInteger(difficulty) && difficulty >= 1 ? difficulty : card.difficulty_level,
    tags: input.tags === undefined ? card.tags : optional(input.tags),
    college: input.college === undefined ? card.college : optional(input.college),
    class_name: input.class_name === undefined ? card.class_name : optional(input.class_name),
    category_id: categoryId,
    category_name: set,
    category: set,
  };
}

/** The first card a queued create will make, under its local id. */
export function queuedCard(create: QueuedCreate, setName: SetName): Card {
  const blank: Card = {
    id: create.localId,
    note_guid: `queued-${create.idempotencyKey}`,
    kind: 'basic',
    ord: 0,
    question: '',
    answer: '',
    difficulty_level: 1,
    tags: null,
    college: null,
    class_name: null,
    category_id: null,
    category_name: null,
    category: null,
    language: null,
    known: false,
    repetitions: 0,
    lapses: 0,
    state: 'new',
    due: null,
    suspended: false,
    buried_until: null,
    created_at: create.editedAt,
    updated_at: create.editedAt,
  };
  const card = withInput(blank, create.input, setName);
  // A cloze note's first card is its lowest cloze number (the server numbers them the same way).
  return { ...card, ord: card.kind === 'cloze' ? (noteOrds('cloze', card.question)[0] ?? 1) : 0 };
}

export interface ListWithChanges {
  /** The list, newest first: cards waiting to be created, then the list's own with waiting edits applied. */
  cards: Card[];
  /** Ids of the shown cards with a change waiting (a queued create's is its local id). */
  waiting: ReadonlySet<number>;
}

/** `cards` as the learner will see them once the outbox is sent. */
export function withQueuedChanges(cards: Card[], queued: QueuedChange[], setName: SetName): ListWithChanges {
  if (queued.length === 0) return { cards, waiting: new Set() };
  const waiting = new Set<number>();
  const created: Card[] = [];
  const edits = new Map<number, CardInput[]>();
  for (const change of queued) {
    if (change.kind === 'create') {
      created.unshift(queuedCard(change, setName));
      waiting.add(change.localId);
    } else {
      edits.set(change.cardId, [...(edits.get(change.cardId) ?? []), change.input]);
      waiting.add(change.cardId);
    }
  }
  const edited = (card: Card) =>
    (edits.get(card.id) ?? []).reduce<Card>((each, input) => withInput(each, input, setName), card);
  return { cards: [...created, ...cards].map(edited), waiting };
}
