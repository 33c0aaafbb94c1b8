// The learner's study-session totals join their running totals (user_totals, 0022): cards
// studied over every session, and the sum and count of the accuracies of sessions that studied
// a card (their mean is the dashboard's average accuracy). The dashboard and the user stats read
// them from the one row they already read, instead of summing every session of the learner on
// each call (measured: thousands of index entries and one more query per dashboard). Frozen: a
// change is a new migration.
// - Triggers keep them equal to those sums over study_sessions, whatever writes them: a session
//   started (inserted), advanced or ended (cards_studied and accuracy updated), deleted (with its
//   learner, by cascade). As in 0022, only an insert may create the row; PostgreSQL sums each
//   inserted or deleted batch once (statement triggers over transition tables).
// - Existing learners' sessions are summed here.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';

const COLUMNS = ['cards_studied', 'accuracy_sum', 'accuracy_sessions'] as const;

/** Each column's value for one study_sessions row: empty sessions say nothing about accuracy. */
function sessionValues(row: string): string[] {
  const studied = `${row}.cards_studied > 0`;
  return [
    `${row}.cards_studied`,
    `case when ${studied} then ${row}.accuracy else 0 end`,
    `case when ${studied} then 1 else 0 end`,
  ];
}

const list = COLUMNS.join(', ');
const sums = (values: string[]) => COLUMNS.map((name, i) => `sum(${values[i]}) as ${name}`).join(', ');
const addExcluded = COLUMNS.map((name) => `${name} = user_totals.${name} + excluded.${name}`).join(', ');

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await sql.raw('alter table user_totals add column cards_studied bigint not null default 0').execute(db);
  await sql.raw('alter table user_totals add column accuracy_sum double precision not null default 0').execute(db);
  await sql.raw('alter table user_totals add column accuracy_sessions integer not null default 0').execute(db);

  const before = sessionValues('old');
  const after = sessionValues('new');
  const moved = COLUMNS.map((name, i) => `${name} = user_totals.${name} + ${after[i]} - ${before[i]}`).join(', ');
  if (dialect === 'postgres') {
    const added = `insert into user_totals (user_id, ${list})
      select user_id, ${sums(sessionValues('inserted'))} from inserted group by user_id order by user_id
      on conflict (user_id) do update set ${addExcluded};`;
    const removed = `update user_totals set ${COLUMNS.map((c) => `${c} = user_totals.${c} - batch.${c}`).join(', ')}
      from (select user_id, ${sums(sessionValues('removed'))} from removed group by user_id) as batch
      where user_totals.user_id = batch.user_id;`;
    for (const [name, event, transition, rows, body] of [
      ['session_totals_added', 'insert', 'new', 'inserted', added],
      ['session_totals_removed', 'delete', 'old', 'removed', removed],
    ] as const) {
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${name} after ${event} on study_sessions referencing ${transition} table as ${rows} for each statement execute function ${name}()`,
        )
        .execute(db);
    }
    // A session advancing or ending changes one row: a row trigger, called only when it counts.
    await sql
      .raw(
        `create function session_totals_changed() returns trigger language plpgsql as $$ begin
        update user_totals set ${moved} where user_id = new.user_id; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger session_totals_changed after update of cards_studied, accuracy on study_sessions for each row
        when (old.cards_studied is distinct from new.cards_studied or old.accuracy is distinct from new.accuracy)
        execute function session_totals_changed()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger session_totals_added after insert on study_sessions begin
        insert into user_totals (user_id, ${list}) values (new.user_id, ${after.join(', ')})
        on conflict (user_id) do update set ${addExcluded}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger session_totals_removed after delete on study_sessions begin
        update user_totals set ${COLUMNS.map((c, i) => `${c} = ${c} - ${before[i]}`).join(', ')} where user_id = old.user_id; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger session_totals_changed after update of cards_studied, accuracy on study_sessions
        when old.cards_studied is not new.cards_studied or old.accuracy is not new.accuracy
        begin update user_totals set ${moved.replaceAll('user_totals.', '')} where user_id = new.user_id; end`,
      )
      .execute(db);
  }

  // Existing learners: their sessions' sums, on the row they have or a new one. (`where true`:
  // SQLite's upsert after a SELECT needs a WHERE to parse.)
  await sql
    .raw(
      `insert into user_totals (user_id, ${list})
       select user_id, ${sums(sessionValues('study_sessions'))} from study_sessions where true group by user_id
       on conflict (user_id) do update set ${COLUMNS.map((name) => `${name} = excluded.${name}`).join(', ')}`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const name of ['session_totals_added', 'session_totals_removed', 'session_totals_changed']) {
    if (dialect === 'postgres') {
      await sql.raw(`drop trigger ${name} on study_sessions`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  for (const column of COLUMNS) await sql.raw(`alter table user_totals drop column ${column}`).execute(db);
}
