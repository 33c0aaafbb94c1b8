// One action on many of the learner's cards (POST /cards/bulk), all or nothing in one
// transaction, under the same rules as the single-card calls: tags belong to the note (every card
// of it is tagged), delete takes each card's whole note, reset makes cards new as the study
// module's reset does, move checks the set as moveToSet does.
import {
  BULK_ACTIONS,
  MAX_BULK_CARDS,
  type BulkAction,
  type BulkInput,
  type BulkResult,
} from '@flashcard/api-contract/schemas';
import { NEW_STATE } from '@flashcard/api-contract/scheduler';
import { badRequest, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import type { CardsRepository } from './repository';
import { MAX_TAGS_LENGTH, MESSAGES } from './service';

export const BULK_MESSAGES = {
  count: `Choose between 1 and ${MAX_BULK_CARDS} cards`,
  duplicates: MESSAGES.moveDuplicates,
  action: `action must be one of ${BULK_ACTIONS.join(', ')}`,
  tagsRequired: 'Give at least one tag',
  tagInvalid: 'A tag cannot be empty or contain a comma or a space',
  setRequired: 'Give setId (null: out of any set)',
} as const;

export interface BulkDeps {
  repository: CardsRepository;
  now: () => Date;
}

/** Tags as typed ("a, b") -> their list; the order kept, duplicates (any case) dropped. */
function tagList(tags: string | null): string[] {
  const seen = new Set<string>();
  return (tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
}

function parseTags(tags: string[] | undefined): string[] {
  const clean = (tags ?? []).map((tag) => tag.trim()).filter(Boolean);
  if (clean.length === 0) throw badRequest(BULK_MESSAGES.tagsRequired);
  if (clean.some((tag) => /[,\s]/.test(tag))) throw badRequest(BULK_MESSAGES.tagInvalid);
  return clean;
}

export class BulkService {
  constructor(private readonly deps: BulkDeps) {}

  async apply(userId: number, input: BulkInput): Promise<BulkResult> {
    if (!(BULK_ACTIONS as readonly string[]).includes(input.action)) throw badRequest(BULK_MESSAGES.action);
    const action = input.action as BulkAction;
    const ids = input.ids;
    if (ids.length < 1 || ids.length > MAX_BULK_CARDS) throw badRequest(BULK_MESSAGES.count);
    if (new Set(ids).size !== ids.length) throw badRequest(BULK_MESSAGES.duplicates);
    if (ids.some((id) => parseId(id) === null)) throw notFound(MESSAGES.cardNotFound);
    const tags = action === 'tag' || action === 'untag' ? parseTags(input.tags) : [];
    if (action === 'move' && input.setId === undefined) throw badRequest(BULK_MESSAGES.setRequired);
    const now = toTimestamp(this.deps.now());

    return this.deps.repository.transaction(async (repository) => {
      const cards = await repository.notesOfCards(userId, ids);
      // Another learner's card is as absent as a deleted one: nothing changes.
      if (cards.length !== ids.length) throw notFound(MESSAGES.cardNotFound);
      const result = (changed: number, deletedIds: number[] = []): BulkResult => ({ action, changed, deletedIds });
      switch (action) {
        case 'tag':
        case 'untag': {
          const notes = new Map(cards.map((card) => [card.note_guid, card.tags]));
          let changed = 0;
          for (const [noteGuid, current] of notes) {
            const list = tagList(current);
            const keys = new Set(list.map((tag) => tag.toLowerCase()));
            const next =
              action === 'tag'
                ? [...list, ...tags.filter((tag) => !keys.has(tag.toLowerCase()))]
                : list.filter((tag) => !tags.some((gone) => gone.toLowerCase() === tag.toLowerCase()));
            if (next.length === list.length && next.every((tag, index) => tag === list[index])) continue;
            const text = next.length ? next.join(', ') : null;
            if ((text?.length ?? 0) > MAX_TAGS_LENGTH) throw badRequest(MESSAGES.tagsTooLong);
            changed += await repository.updateNote(userId, noteGuid, { tags: text, updated_at: now });
          }
          return result(changed);
        }
        case 'suspend':
        case 'unsuspend':
          return result(await repository.setSuspended(userId, ids, action === 'suspend', now));
        case 'reset':
          return result(await repository.resetScheduling(userId, ids, NEW_STATE));
        case 'move': {
          const setId = input.setId ?? null;
          if (setId !== null && (parseId(setId) === null || !(await repository.findCategory(userId, setId)))) {
            throw notFound(MESSAGES.setNotFound);
          }
          return result(await repository.moveCards(userId, ids, setId, now));
        }
        case 'delete': {
          const notes = await repository.cardsOfNotes(userId, [...new Set(cards.map((card) => card.note_guid))]);
          const deletedIds = [...notes.values()].flat().map((card) => card.id);
          for (const noteGuid of notes.keys()) await repository.deleteNoteCards(userId, noteGuid);
          return result(
            deletedIds.length,
            deletedIds.sort((a, b) => a - b),
          );
        }
      }
    });
  }
}
