// Search reads one pre-lowered column instead of three LIKEs per card. Frozen: a change is a
// new migration.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { cardSearchText } from '../search-text';

// Rows rewritten per statement while filling the column for existing cards.
const BATCH = 1_000;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .execute();

  // Lower-cased in JavaScript, as every later write does (modules/cards), so that search
  // ignores case the same way for every alphabet on both databases.
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('cards')
      .select(['id', 'question', 'answer', 'tags'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const values = sql.join(rows.map((row) => sql`(cast(${row.id} as integer), cast(${cardSearchText(row)} as text))`));
    await sql`with v(id, text) as (values ${values}) update cards set search_text = v.text from v where cards.id = v.id`.execute(
      db,
    );
    after = rows[rows.length - 1]!.id;
  }

  if (dialect === 'sqlite') {
    // Covering: a search walks one learner's (id, text) pairs newest first from the index alone,
    // without visiting the wide card rows (5,000 cards: ~4.5 -> ~1.5 ms). PostgreSQL cannot
    // take the text into a B-tree (entries are capped near 2.7 kB; a card's text may be ~20 kB),
    // so there the search reads the rows found through cards_user_id_idx.
    await db.schema
      .createIndex('cards_user_search_idx')
      .on('cards')
      .columns(['user_id', 'id', 'search_text'])
      .execute();
  }
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') await db.schema.dropIndex('cards_user_search_idx').execute();
  await db.schema.alterTable('cards').dropColumn('search_text').execute();
}
