// Sets of cards (called categories in the API paths): naming rules and messages. Deleting a
// set never deletes cards: they are kept, without a set.
import { isUniqueViolation } from '../../db/errors';
import { compareNames } from '../../lib/collate';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import { parseId } from '../../lib/params';
import type { CategoriesRepository, CategoryWithCount } from './repository';

export const MAX_NAME_LENGTH = 100;

export const MESSAGES = {
  notFound: 'Set not found',
  nameRequired: 'Set name is required',
  nameTooLong: `Set name must be at most ${MAX_NAME_LENGTH} characters`,
  duplicate: 'A set with this name already exists',
  languageInvalid: 'Language must be a language tag like en, fr or pt-BR',
} as const;

/** A BCP 47 tag as speech synthesis takes it ('fr', 'pt-BR', 'zh-Hant-TW'); blank or null: none. */
function parseLanguage(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  const tag = (raw ?? '').trim();
  if (tag === '') return null;
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(tag)) throw badRequest(MESSAGES.languageInvalid);
  try {
    return Intl.getCanonicalLocales(tag)[0]!;
  } catch {
    throw badRequest(MESSAGES.languageInvalid);
  }
}

export interface CategoryFields {
  name?: string | null;
  language?: string | null;
}

export const deletedMessage = (cardsUnfiled: number) =>
  `Set deleted; its ${cardsUnfiled} cards were kept without a set`;

export interface CategoriesServiceDeps {
  repository: CategoriesRepository;
  now: () => Date;
}

/** Trimmed name and its uniqueness key (lower-cased, so "Biology" and "biology" clash). */
function normalizeName(raw: string | null | undefined): { name: string; key: string } {
  const name = (raw ?? '').trim();
  if (!name) throw badRequest(MESSAGES.nameRequired);
  if (name.length > MAX_NAME_LENGTH) throw badRequest(MESSAGES.nameTooLong);
  return { name, key: name.normalize('NFC').toLowerCase() };
}

export class CategoriesService {
  constructor(private readonly deps: CategoriesServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  private timestamp(): string {
    return toTimestamp(this.deps.now());
  }

  async list(userId: number): Promise<CategoryWithCount[]> {
    const sets = await this.repository.listWithCounts(userId);
    return sets.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  }

  async create(userId: number, input: CategoryFields): Promise<CategoryWithCount> {
    const { name, key } = normalizeName(input.name);
    const language = parseLanguage(input.language) ?? null;
    const now = this.timestamp();
    try {
      const row = await this.repository.insert({
        user_id: userId,
        name,
        name_key: key,
        language,
        created_at: now,
        updated_at: now,
      });
      return { id: row.id, name: row.name, language: row.language, created_at: row.created_at, card_count: 0 };
    } catch (error) {
      // The unique index (user_id, name_key) decides, also between two requests at once.
      if (isUniqueViolation(error)) throw conflict(MESSAGES.duplicate);
      throw error;
    }
  }

  /** Renames the set and/or sets its language; a name is required unless only the language changes. */
  async update(userId: number, rawId: string, input: CategoryFields): Promise<CategoryWithCount> {
    const id = parseId(rawId);
    if (id === null || !(await this.repository.find(userId, id))) throw notFound(MESSAGES.notFound);
    const changes: { name?: string; name_key?: string; language?: string | null } = {};
    if (input.name !== undefined || input.language === undefined) {
      const { name, key } = normalizeName(input.name);
      Object.assign(changes, { name, name_key: key });
    }
    const language = parseLanguage(input.language);
    if (language !== undefined) changes.language = language;
    let row;
    try {
      row = await this.repository.update(userId, id, changes, this.timestamp());
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.duplicate);
      throw error;
    }
    if (!row) throw notFound(MESSAGES.notFound);
    return {
      id: row.id,
      name: row.name,
      language: row.language,
      created_at: row.created_at,
      card_count: await this.repository.countCards(userId, id),
    };
  }

  /** Unfiles the set's cards and deletes the set, in one transaction; returns the card count. */
  async remove(userId: number, rawId: string): Promise<number> {
    const id = parseId(rawId);
    if (id === null) throw notFound(MESSAGES.notFound);
    return this.repository.transaction(async (repository) => {
      if (!(await repository.find(userId, id))) throw notFound(MESSAGES.notFound);
      const unfiled = await repository.unfileCards(userId, id, this.timestamp());
      await repository.delete(userId, id);
      return unfiled;
    });
  }
}
