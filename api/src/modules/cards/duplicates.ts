// Which notes of an import the learner already has, as Anki decides it: the same guid, or for a
// text file without guids the same note type and first field (its HTML stripped, image names
// kept, entities decoded, white space collapsed). Each match is then "updated" when the file
// changes its text, type, tags or set, "unchanged" when it does not; the rest are new.
import type { ImportCounts } from '@flashcard/api-contract/schemas';
import type { ParsedNote } from './note-import';
import type { CardsRepository, ExistingNote } from './repository';

/** Cards read per query while looking for first fields. */
const SCAN_BATCH = 1_000;

export type MatchBy = 'guid' | 'text';

export interface NotePlan {
  /** The file's notes, a guid given twice kept once (the later row wins, at the earlier's place). */
  notes: ParsedNote[];
  /** Rows beyond the first of a repeated guid (each counts as an update of it). */
  repeats: number;
  matches: Map<ParsedNote, ExistingNote>;
  unchanged: Set<ParsedNote>;
  counts: ImportCounts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Anki's first-field key of a note of `kind`. */
export function firstFieldKey(kind: string, question: string): string {
  const text = question
    // An image counts by its file name, as Anki keeps media names in its duplicate check.
    .replace(/<img\b[^>]*\bsrc=["']?([^"'\s>]+)[^>]*>/gi, ' $1 ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#')
        return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return `${kind}\u0000${text}`;
}

/** Tags as a set of names: "a, b" and "b,a" are the same tags. */
const tagKey = (tags: string | null) =>
  (tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .sort()
    .join(',');

/** Whether writing `note` (into the set named `setName`, null: leave the set) would change `existing`. */
function changes(note: ParsedNote, setName: string | null, existing: ExistingNote): boolean {
  return (
    note.question !== existing.question ||
    note.answer !== existing.answer ||
    note.kind !== existing.kind ||
    tagKey(note.tags) !== tagKey(existing.tags) ||
    (setName !== null && setName.trim().toLowerCase() !== (existing.setName ?? '').toLowerCase())
  );
}

/**
 * Compares the file's notes with the learner's. `setName` is the set a note would go to (its
 * deck, else the chosen set; null when it names none, and then an update leaves its set alone).
 */
export async function planNotes(
  repository: CardsRepository,
  userId: number,
  parsed: ParsedNote[],
  matchBy: MatchBy,
  setName: (note: ParsedNote) => string | null,
): Promise<NotePlan> {
  // A guid twice in one file: the later row updates the earlier, as two imports in a row would.
  const latest = new Map<string, ParsedNote>();
  let repeats = 0;
  for (const note of parsed) {
    if (!note.guid) continue;
    if (latest.has(note.guid)) repeats += 1;
    latest.set(note.guid, note);
  }
  const notes: ParsedNote[] = [];
  const placed = new Set<string>();
  for (const note of parsed) {
    if (!note.guid) notes.push(note);
    else if (!placed.has(note.guid)) {
      placed.add(note.guid);
      notes.push(latest.get(note.guid)!);
    }
  }

  // Guids first; then, for text, the notes without one by their type and first field.
  const guidOf = new Map<ParsedNote, string>();
  for (const note of notes) if (note.guid) guidOf.set(note, note.guid);
  if (matchBy === 'text') {
    const wanted = new Map<string, ParsedNote[]>();
    for (const note of notes) {
      if (note.guid) continue;
      const key = firstFieldKey(note.kind, note.question);
      wanted.set(key, [...(wanted.get(key) ?? []), note]);
    }
    if (wanted.size > 0) {
      // The oldest note of a key is the one matched (the scan goes by id).
      for await (const rows of repository.noteKeys(userId, SCAN_BATCH)) {
        for (const row of rows) {
          const key = firstFieldKey(row.kind, row.question);
          const found = wanted.get(key);
          if (!found) continue;
          for (const note of found) guidOf.set(note, row.note_guid);
          wanted.delete(key);
        }
        if (wanted.size === 0) break;
      }
    }
  }
  const existing = await repository.existingNotes(userId, [...new Set(guidOf.values())]);

  const matches = new Map<ParsedNote, ExistingNote>();
  const unchanged = new Set<ParsedNote>();
  const counts: ImportCounts = { new: 0, updated: 0, unchanged: 0 };
  for (const note of notes) {
    const guid = guidOf.get(note);
    const found = guid === undefined ? undefined : existing.get(guid);
    if (!found) {
      counts.new += 1;
      continue;
    }
    matches.set(note, found);
    if (changes(note, setName(note), found)) counts.updated += 1;
    else {
      unchanged.add(note);
      counts.unchanged += 1;
    }
  }
  return { notes, repeats, matches, unchanged, counts };
}
