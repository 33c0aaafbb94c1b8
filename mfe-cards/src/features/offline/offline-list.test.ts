import 'fake-indexeddb/auto';
import { BIOLOGY, HISTORY, makeCard } from '../../test/cards';
import { closeCardsDatabaseForTests, type QueuedChange } from './cards-db';
import {
  forgetLists,
  queuedCard,
  rememberCard,
  savedList,
  savedSets,
  saveList,
  saveSets,
  withQueuedChanges,
} from './offline-list';

const setName = (id: number) => [BIOLOGY, HISTORY].find((set) => set.id === id)?.name ?? null;

const created = (localId: number, question: string, seq: number): QueuedChange => ({
  kind: 'create',
  seq,
  userId: 1,
  idempotencyKey: `create-${seq}`,
  localId,
  input: { kind: 'basic', question: ` ${question} `, answer: 'A', difficulty_level: '3', tags: '', category_id: 3 },
  editedAt: '2026-11-27T08:00:00.000Z',
});
const edited = (cardId: number, question: string, seq: number, more = {}): QueuedChange => ({
  kind: 'edit',
  seq,
  userId: 1,
  idempotencyKey: `edit-${seq}`,
  cardId,
  input: { question, ...more },
  editedAt: '2026-11-27T08:05:00.000Z',
});

describe('the list with the changes waiting', () => {
  it('shows cards waiting to be created first, newest first, and waiting edits in their cards', () => {
    const cards = [makeCard(2, { category_id: 5, category_name: 'History', category: 'History' }), makeCard(1)];
    const queued = [
      created(-10, 'Made offline', 1),
      edited(2, 'Edited offline', 2, { category_id: 3 }),
      created(-11, 'Made after', 3),
    ];
    const { cards: shown, waiting } = withQueuedChanges(cards, queued, setName);
    expect(shown.map((card) => [card.id, card.question])).toEqual([
      [-11, 'Made after'],
      [-10, 'Made offline'],
      [2, 'Edited offline'],
      [1, 'Question 1'],
    ]);
    expect([...waiting].sort()).toEqual([-10, -11, 2].sort());
    // The new set's name comes from the sets the screen knows.
    expect(shown[2]).toMatchObject({ category_id: 3, category_name: 'Biology 101', answer: 'Answer 2' });
    expect(shown[1]).toMatchObject({ difficulty_level: 3, tags: null, category_name: 'Biology 101', state: 'new' });
  });

  it('is the list itself when nothing waits', () => {
    const cards = [makeCard(1)];
    expect(withQueuedChanges(cards, [], setName).cards).toBe(cards);
  });

  it("numbers a waiting cloze note's first card as the server will", () => {
    const change = created(-3, '{{c2::Paris}} and {{c1::Rome}}', 1);
    if (change.kind !== 'create') throw new Error('a create');
    const card = queuedCard({ ...change, input: { ...change.input, kind: 'cloze' } }, setName);
    expect(card).toMatchObject({ kind: 'cloze', ord: 1 });
  });
});

describe('the saved list and sets', () => {
  beforeEach(async () => {
    await closeCardsDatabaseForTests();
    indexedDB.deleteDatabase('flashcard-cards');
  });

  it("keeps one per learner, takes the server's later answers, and forgets other learners", async () => {
    await saveList(1, [makeCard(2), makeCard(1)], 100);
    await saveList(2, [makeCard(9)], 200);
    await saveSets(1, [BIOLOGY]);
    await saveSets(2, [HISTORY]);

    await rememberCard(1, makeCard(1, { question: 'changed' }));
    await rememberCard(1, makeCard(3));
    expect((await savedList(1))?.cards.map((card) => [card.id, card.question])).toEqual([
      [3, 'Question 3'],
      [2, 'Question 2'],
      [1, 'changed'],
    ]);
    expect((await savedList(2))?.savedAt).toBe(200);

    await forgetLists(1);
    expect(await savedList(2)).toBeUndefined();
    expect(await savedSets(2)).toBeUndefined();
    expect(await savedSets(1)).toEqual([BIOLOGY]);
    await forgetLists(null);
    expect(await savedList(1)).toBeUndefined();
  });
});
