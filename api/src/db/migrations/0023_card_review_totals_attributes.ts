// The card attributes the insights group and rank by, copied onto each card's review totals,
// so retention by difficulty and set is one index-only pass over card_review_totals (no join
// with 20,000 cards) and the hardest cards are the first ten entries of an index (measured:
// the join, the grouping and the sort were 16 ms of each insights call on PostgreSQL). Frozen:
// a change is a new migration.
// - card_review_totals gains difficulty_level, category_id and lapses: always the card's own,
//   kept by the database. A totals row takes them from its card when written (PostgreSQL: a
//   BEFORE INSERT trigger sets them; SQLite: an AFTER INSERT update), and a card's change of
//   any of them (an edit, a review's lapse, a deleted set's ON DELETE SET NULL) is copied by
//   a row trigger on cards that runs only when one of them changed.
// - Two indexes: (user_id, difficulty_level, category_id, reviews, remembered) for the grouping,
//   (user_id, lapses desc, reviews - remembered desc, card_id) for the hardest cards. The 0017
//   index by (user_id, card_id, ...) has no reader left and is dropped (one index less to write).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';

const COPIED = ['difficulty_level', 'category_id', 'lapses'] as const;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('card_review_totals')
    .addColumn('difficulty_level', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('card_review_totals').addColumn('category_id', 'integer').execute();
  await db.schema
    .alterTable('card_review_totals')
    .addColumn('lapses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Correlated subqueries: the same statement on both databases.
  await sql
    .raw(
      `update card_review_totals set ${COPIED.map((name) => `${name} = (select cards.${name} from cards where cards.id = card_review_totals.card_id)`).join(', ')}`,
    )
    .execute(db);

  const changed = COPIED.map((name) => `old.${name} is distinct from new.${name}`).join(' or ');
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function card_review_totals_take_attributes() returns trigger language plpgsql as $$ begin
        select ${COPIED.map((name) => `cards.${name}`).join(', ')} into ${COPIED.map((name) => `new.${name}`).join(', ')}
          from cards where cards.id = new.card_id;
        return new; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger card_review_totals_take_attributes before insert on card_review_totals
        for each row execute function card_review_totals_take_attributes()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function card_review_totals_follow_card() returns trigger language plpgsql as $$ begin
        update card_review_totals set ${COPIED.map((name) => `${name} = new.${name}`).join(', ')} where card_id = new.id;
        return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger card_review_totals_follow_card after update of ${COPIED.join(', ')} on cards
        for each row when (${changed}) execute function card_review_totals_follow_card()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger card_review_totals_take_attributes after insert on card_review_totals begin
        update card_review_totals set ${COPIED.map((name) => `${name} = (select cards.${name} from cards where cards.id = new.card_id)`).join(', ')}
          where card_id = new.card_id;
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger card_review_totals_follow_card after update of ${COPIED.join(', ')} on cards
        when ${changed.replaceAll('is distinct from', 'is not')}
        begin update card_review_totals set ${COPIED.map((name) => `${name} = new.${name}`).join(', ')} where card_id = new.id; end`,
      )
      .execute(db);
  }

  await db.schema.dropIndex('card_review_totals_user_idx').execute();
  await db.schema
    .createIndex('card_review_totals_user_group_idx')
    .on('card_review_totals')
    .columns(['user_id', 'difficulty_level', 'category_id', 'reviews', 'remembered'])
    .execute();
  await sql`create index card_review_totals_user_hardest_idx on card_review_totals (user_id, lapses desc, (reviews - remembered) desc, card_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger card_review_totals_take_attributes on card_review_totals`.execute(db);
    await sql`drop trigger card_review_totals_follow_card on cards`.execute(db);
    await sql`drop function card_review_totals_take_attributes()`.execute(db);
    await sql`drop function card_review_totals_follow_card()`.execute(db);
  } else {
    await sql`drop trigger card_review_totals_take_attributes`.execute(db);
    await sql`drop trigger card_review_totals_follow_card`.execute(db);
  }
  await db.schema.dropIndex('card_review_totals_user_hardest_idx').execute();
  await db.schema.dropIndex('card_review_totals_user_group_idx').execute();
  for (const name of COPIED) await db.schema.alterTable('card_review_totals').dropColumn(name).execute();
  await db.schema
    .createIndex('card_review_totals_user_idx')
    .on('card_review_totals')
    .columns(['user_id', 'card_id', 'reviews', 'remembered', 'time_spent_ms'])
    .execute();
}
