// Writes imported notes through a cards repository bound to the caller's transaction: each in
// its deck's set (created by name) or the chosen one; a note whose guid the learner already has
// is updated (cards added or removed to match its clozes), not added again. The text importer
// and the .apkg importer (modules/packages) share it; the latter hears of every card it adds.
import { noteOrds } from '@flashcard/api-contract/schemas';
import { newNoteGuid } from '../../lib/guid';
import type { ParsedNote } from './note-import';
import type { CardsRepository } from './repository';

export interface AddedCard {
  noteGuid: string;
  ord: number;
  id: number;
}

export async function writeNotes(
  repository: CardsRepository,
  userId: number,
  notes: ParsedNote[],
  categoryId: number | null,
  now: string,
  onAdded?: (card: AddedCard) => Promise<void>,
): Promise<{ imported: number; updated: number }> {
  const sets = new Map<string, number>();
  let imported = 0;
  let updated = 0;
  for (const note of notes) {
    let setId = categoryId;
    if (note.deck) {
      const key = note.deck.toLowerCase();
      if (!sets.has(key)) sets.set(key, await repository.setIdByName(userId, note.deck, now));
      setId = sets.get(key)!;
    }
    const fields = { question: note.question, answer: note.answer, tags: note.tags, kind: note.kind, category_id: setId };
    const ords = noteOrds(note.kind, note.question);
    const existing = note.guid ? await repository.noteCards(userId, note.guid) : [];
    const guid = existing.length > 0 ? note.guid! : (note.guid ?? newNoteGuid());
    if (existing.length > 0) {
      await repository.updateNote(userId, guid, { ...fields, updated_at: now });
      await repository.deleteNoteCards(userId, guid, existing.filter((card) => !ords.includes(card.ord)).map((card) => card.id));
      updated += 1;
    } else {
      imported += 1;
    }
    for (const ord of ords.filter((ord) => !existing.some((card) => card.ord === ord))) {
      const id = await repository.insertCard({ ...fields, user_id: userId, note_guid: guid, ord, created_at: now, updated_at: now });
      await onAdded?.({ noteGuid: guid, ord, id });
    }
  }
  return { imported, updated };
}
