// SQL of option presets (study_presets) and which preset each set uses (categories.preset_id).
// Every query is scoped to one user. The default preset's values are the account's study
// settings, read and written through the study module's SchedulerSettingsRepository.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, StudyPresetsTable } from '../../db/schema';
import { runTransaction } from '../../db/transaction';

export type PresetRow = Selectable<StudyPresetsTable>;
export type PresetChanges = Omit<Updateable<StudyPresetsTable>, 'id' | 'user_id' | 'created_at'>;

/** A set and the preset it uses (null: the default). */
export interface SetPresetRow {
  id: number;
  name: string;
  preset_id: number | null;
}

export class PresetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: PresetsRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new PresetsRepository(trx)));
  }

  list(userId: number): Promise<PresetRow[]> {
    return this.db.selectFrom('study_presets').selectAll().where('user_id', '=', userId).execute();
  }

  /** The learner's sets with the preset each uses. */
  sets(userId: number): Promise<SetPresetRow[]> {
    return this.db.selectFrom('categories').select(['id', 'name', 'preset_id']).where('user_id', '=', userId).execute();
  }

  find(userId: number, id: number): Promise<PresetRow | undefined> {
    return this.db
      .selectFrom('study_presets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('study_presets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  insert(preset: Insertable<StudyPresetsTable>): Promise<PresetRow> {
    return this.db.insertInto('study_presets').values(preset).returningAll().executeTakeFirstOrThrow();
  }

  update(userId: number, id: number, changes: PresetChanges): Promise<PresetRow | undefined> {
    return this.db
      .updateTable('study_presets')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the preset; its sets go back to the default (ON DELETE SET NULL). Null when it is not the learner's. */
  async remove(userId: number, id: number): Promise<{ setsMoved: number } | null> {
    const moved = await this.db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('preset_id', '=', id)
      .executeTakeFirstOrThrow();
    const deleted = await this.db
      .deleteFrom('study_presets')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n ? { setsMoved: Number(moved.count) } : null;
  }

  /** Puts the learner's set on a preset (null: the default); false when the set is not theirs. */
  async assign(userId: number, setId: number, presetId: number | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('categories')
      .set({ preset_id: presetId, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', setId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
