// Each UTC day a learner reviewed on, with its first and last reviewed quarter hour, kept by
// the database from review_quarters (0018), so streaks read one row per study day instead of
// probing the logs once per local day (measured: the longest streak over two years was 730
// index probes, 9 ms of each user-stats call on PostgreSQL). Frozen: a change is a new migration.
// - review_days(user_id, day, first_quarter, last_quarter): `day` is the UTC date
//   ('2024-06-11'), the quarters are review_quarters' ISO starts. A day without reviews has no
//   row. A local day cut into UTC days covers a suffix of one, whole ones and a prefix of the
//   next, so "a review in that part" is `last_quarter >= its start`, a row, or
//   `first_quarter < its end` (dashboard/streaks.ts).
// - Triggers on review_quarters: a quarter that appears widens its day; a quarter that goes
//   (an undo, a deleted card or account) makes its day look again at what is left, or go.
//   Row triggers on SQLite; statement triggers over the transition tables on PostgreSQL.
// - A UTC day's quarters are the texts from 'YYYY-MM-DDT' (inclusive) to 'YYYY-MM-DDU'.
// - Existing histories are summed here.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';

/** SQL for "the quarters of review_days row `row`" (a UTC day's quarter texts sort together). */
const inDay = (row: string, day: string) =>
  `review_quarters.user_id = ${row}.user_id and review_quarters.quarter >= (${day} || 'T') and review_quarters.quarter < (${day} || 'U')`;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await sql`
    create table review_days (
      user_id integer not null references users (id) on delete cascade,
      day text not null,
      first_quarter text not null,
      last_quarter text not null,
      primary key (user_id, day)
    )
  `.execute(db);

  // A day that lost quarters: gone when none is left, else its first and last looked up again.
  const refresh = (touched: string) => `
    delete from review_days where (${touched})
      and not exists (select 1 from review_quarters where ${inDay('review_days', 'review_days.day')});
    update review_days set
      first_quarter = (select min(quarter) from review_quarters where ${inDay('review_days', 'review_days.day')}),
      last_quarter = (select max(quarter) from review_quarters where ${inDay('review_days', 'review_days.day')})
    where (${touched});`;

  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function review_days_add() returns trigger language plpgsql as $$ begin
        insert into review_days (user_id, day, first_quarter, last_quarter)
        select user_id, substr(quarter, 1, 10), min(quarter), max(quarter) from inserted group by 1, 2 order by 1, 2
        on conflict (user_id, day) do update set
          first_quarter = least(review_days.first_quarter, excluded.first_quarter),
          last_quarter = greatest(review_days.last_quarter, excluded.last_quarter);
        return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function review_days_remove() returns trigger language plpgsql as $$ begin
        ${refresh('(review_days.user_id, review_days.day) in (select user_id, substr(quarter, 1, 10) from removed)')}
        return null; end $$`,
      )
      .execute(db);
    await sql`create trigger review_days_add after insert on review_quarters referencing new table as inserted for each statement execute function review_days_add()`.execute(
      db,
    );
    await sql`create trigger review_days_remove after delete on review_quarters referencing old table as removed for each statement execute function review_days_remove()`.execute(
      db,
    );
  } else {
    await sql
      .raw(
        `create trigger review_days_add after insert on review_quarters begin
        insert into review_days (user_id, day, first_quarter, last_quarter)
        values (new.user_id, substr(new.quarter, 1, 10), new.quarter, new.quarter)
        on conflict (user_id, day) do update set
          first_quarter = min(first_quarter, excluded.first_quarter),
          last_quarter = max(last_quarter, excluded.last_quarter);
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger review_days_remove after delete on review_quarters begin
        ${refresh('review_days.user_id = old.user_id and review_days.day = substr(old.quarter, 1, 10)')}
      end`,
      )
      .execute(db);
  }

  await sql`
    insert into review_days (user_id, day, first_quarter, last_quarter)
    select user_id, substr(quarter, 1, 10), min(quarter), max(quarter) from review_quarters group by 1, 2
  `.execute(db);
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger review_days_add on review_quarters`.execute(db);
    await sql`drop trigger review_days_remove on review_quarters`.execute(db);
    await sql`drop function review_days_add()`.execute(db);
    await sql`drop function review_days_remove()`.execute(db);
  } else {
    await sql`drop trigger review_days_add`.execute(db);
    await sql`drop trigger review_days_remove`.execute(db);
  }
  await db.schema.dropTable('review_days').execute();
}
