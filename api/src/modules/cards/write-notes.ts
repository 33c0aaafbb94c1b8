// Writes imported notes through a cards repository bound to the caller's transaction: each in
// its deck's set (created by name) or the chosen one; a note whose guid the learner already has
// is updated (cards added or removed to match its clozes), not added again. The text importer
// and the .apkg importer (modules/packages) share it; the latter gives each new card its
// scheduling columns and hears of the ids. New cards go in batches (a 100,000-note package is a
// few hundred statements, not 100,000): the transaction, which holds SQLite's only writer, stays short.
import { noteOrds } from '@flashcard/api-contract/schemas';
import type { NewCard } from '../../db/schema';
import { newNoteGuid } from '../../lib/guid';
import type { ParsedNote } from './note-import';
import type { AddedCard, CardsRepository } from './repository';

/** Columns a new card of (note, ord) starts with beyond its text: an imported schedule, say. */
export type NewCardColumns = (noteGuid: string, ord: number) => Partial<NewCard> | undefined;

export async function writeNotes(
  repository: CardsRepository,
  userId: number,
  notes: ParsedNote[],
  categoryId: number | null,
  now: string,
  newCardColumns?: NewCardColumns,
): Promise<{ imported: number; updated: number; added: AddedCard[] }> {
  const sets = new Map<string, number>();
  for (const note of notes) {
    const key = note.deck?.toLowerCase();
    if (key && !sets.has(key)) sets.set(key, await repository.setIdByName(userId, note.deck!, now));
  }
  // A guid twice in one file: the later row updates the earlier, as two imports in a row would.
  const latest = new Map<string, ParsedNote>();
  const repeats = new Map<string, number>();
  for (const note of notes) {
    if (!note.guid) continue;
    repeats.set(note.guid, latest.has(note.guid) ? repeats.get(note.guid)! + 1 : 0);
    latest.set(note.guid, note);
  }
  const existing = await repository.cardsOfNotes(userId, [...latest.keys()]);

  let imported = 0;
  let updated = 0;
  const inserts: NewCard[] = [];
  const written = new Set<string>();
  for (const row of notes) {
    if (row.guid && written.has(row.guid)) continue;
    const note = row.guid ? latest.get(row.guid)! : row;
    const setId = note.deck ? sets.get(note.deck.toLowerCase())! : categoryId;
    const fields = {
      question: note.question,
      answer: note.answer,
      tags: note.tags,
      kind: note.kind,
      category_id: setId,
    };
    const ords = noteOrds(note.kind, note.question);
    const cards = (note.guid && existing.get(note.guid)) || [];
    const guid = note.guid ?? newNoteGuid();
    written.add(guid);
    updated += note.guid ? repeats.get(note.guid)! : 0;
    if (cards.length > 0) {
      await repository.updateNote(userId, guid, { ...fields, updated_at: now });
      await repository.deleteNoteCards(
        userId,
        guid,
        cards.filter((card) => !ords.includes(card.ord)).map((card) => card.id),
      );
      updated += 1;
    } else {
      imported += 1;
    }
    for (const ord of ords.filter((ord) => !cards.some((card) => card.ord === ord))) {
      inserts.push({
        ...fields,
        user_id: userId,
        note_guid: guid,
        ord,
        created_at: now,
        updated_at: now,
        ...newCardColumns?.(guid, ord),
      });
    }
  }
  const added = await repository.insertCards(inserts);
  return { imported, updated, added };
}
