// Writes imported notes through a cards repository bound to the caller's transaction: each in
// its deck's set (created by name) or the chosen one. A note the learner already has (the same
// guid, or for text the same type and first field: duplicates.ts) is, by the learner's choice,
// updated (cards added or removed to match its clozes, its cards' scheduling and history kept;
// left untouched when nothing changed), skipped, or added anyway as a new note. The text
// importer and the .apkg importer (modules/packages) share it; the latter gives each new card
// its scheduling columns and hears of the ids. New cards go in batches (a 100,000-note package
// is a few hundred statements, not 100,000): the transaction, which holds SQLite's only writer, stays short.
import { noteOrds, type DuplicateChoice, type ImportCounts } from '@flashcard/api-contract/schemas';
import type { CardUpdate, NewCard } from '../../db/schema';
import { newNoteGuid } from '../../lib/guid';
import { planNotes, type MatchBy, type NotePlan } from './duplicates';
import type { ParsedNote } from './note-import';
import type { AddedCard, CardsRepository } from './repository';

/** Columns a new card of (note, ord) starts with beyond its text: an imported schedule, say. */
export type NewCardColumns = (noteGuid: string, ord: number) => Partial<NewCard> | undefined;

export interface WriteOptions {
  /** What to do with a note already present (default update). */
  duplicates?: DuplicateChoice;
  /** How a note already present is found (default by guid only). */
  matchBy?: MatchBy;
}

export interface WrittenNotes {
  imported: number;
  updated: number;
  /** Notes present and left as they were (unchanged, or skipped by choice). */
  skipped: number;
  counts: ImportCounts;
  /** The cards added, by the file's guid of their note (a copy added anyway has a new one of its own). */
  added: AddedCard[];
}

/** The comparison an import's preview answers, and its write starts from. */
export async function compareNotes(
  repository: CardsRepository,
  userId: number,
  notes: ParsedNote[],
  categoryId: number | null,
  matchBy: MatchBy = 'guid',
): Promise<NotePlan> {
  const chosen = categoryId === null ? null : ((await repository.findCategory(userId, categoryId))?.name ?? null);
  return planNotes(repository, userId, notes, matchBy, (note) => note.deck ?? chosen);
}

export async function writeNotes(
  repository: CardsRepository,
  userId: number,
  notes: ParsedNote[],
  categoryId: number | null,
  now: string,
  newCardColumns?: NewCardColumns,
  options: WriteOptions = {},
): Promise<WrittenNotes> {
  const duplicates = options.duplicates ?? 'update';
  const plan = await compareNotes(repository, userId, notes, categoryId, options.matchBy);
  const writes = (note: ParsedNote) => {
    const match = plan.matches.get(note);
    if (!match) return true;
    return duplicates === 'add' || (duplicates === 'update' && !plan.unchanged.has(note));
  };

  const sets = new Map<string, number>();
  for (const note of plan.notes) {
    const key = note.deck?.toLowerCase();
    if (key && writes(note) && !sets.has(key)) sets.set(key, await repository.setIdByName(userId, note.deck!, now));
  }

  let imported = 0;
  let updated = 0;
  let skipped = 0;
  const inserts: NewCard[] = [];
  // A copy added anyway gets a guid of its own; its cards are reported under the file's.
  const fileGuid = new Map<string, string>();
  for (const note of plan.notes) {
    const match = plan.matches.get(note);
    if (!writes(note)) {
      skipped += 1;
      continue;
    }
    const setId = note.deck ? sets.get(note.deck.toLowerCase())! : categoryId;
    const fields = { question: note.question, answer: note.answer, tags: note.tags, kind: note.kind };
    const ords = noteOrds(note.kind, note.question);
    let guid: string;
    let present: Array<{ id: number; ord: number }> = [];
    if (match && duplicates === 'update') {
      guid = match.guid;
      present = match.cards;
      // A file that names no set leaves the note in its own.
      const changes: CardUpdate = { ...fields, updated_at: now };
      if (setId !== null) changes.category_id = setId;
      await repository.updateNote(userId, guid, changes);
      await repository.deleteNoteCards(
        userId,
        guid,
        present.filter((card) => !ords.includes(card.ord)).map((card) => card.id),
      );
      updated += 1;
    } else {
      guid = match || !note.guid ? newNoteGuid() : note.guid;
      if (note.guid) fileGuid.set(guid, note.guid);
      imported += 1;
    }
    for (const ord of ords.filter((ord) => !present.some((card) => card.ord === ord))) {
      inserts.push({
        ...fields,
        category_id: setId,
        user_id: userId,
        note_guid: guid,
        ord,
        created_at: now,
        updated_at: now,
        ...newCardColumns?.(fileGuid.get(guid) ?? guid, ord),
      });
    }
  }
  // The earlier rows of a guid given twice were, in effect, updated by the later one.
  if (duplicates !== 'skip') updated += plan.repeats;
  const added = (await repository.insertCards(inserts)).map((card) => ({
    ...card,
    noteGuid: fileGuid.get(card.noteGuid) ?? card.noteGuid,
  }));
  return { imported, updated, skipped, counts: plan.counts, added };
}
