import { sql } from 'kysely';
import { describeEachDb, registerUser } from '../test/harness';

describeEachDb('boolean columns', (ctx) => {
  it('take true/false in single and multi-row inserts, updates and conditions', async () => {
    const user = await registerUser(ctx.app);
    const now = new Date().toISOString();
    const card = (question: string, known?: boolean) => ({
      user_id: user.id,
      note_guid: question,
      question,
      answer: 'a',
      known,
      created_at: now,
      updated_at: now,
    });
    await ctx.db.insertInto('cards').values(card('single', true)).execute();
    await ctx.db
      .insertInto('cards')
      .values([card('many-1', false), card('many-2', true)])
      .execute();
    // Alone: in a multi-row insert SQLite has no DEFAULT keyword, so a missing value is NULL.
    await ctx.db.insertInto('cards').values(card('default')).execute();

    const knownQuestions = async () =>
      (
        await ctx.db
          .selectFrom('cards')
          .select('question')
          .where('user_id', '=', user.id)
          .where('known', '=', true)
          .orderBy('id')
          .execute()
      ).map((row) => row.question);
    expect(await knownQuestions()).toEqual(['single', 'many-2']);

    await ctx.db
      .updateTable('cards')
      .set({ known: true })
      .where('user_id', '=', user.id)
      .where('question', '=', 'default')
      .execute();
    expect(await knownQuestions()).toEqual(['single', 'many-2', 'default']);

    // Read back as the driver returns them: 1/0 on SQLite, true/false on PostgreSQL.
    const rows = await ctx.db
      .selectFrom('cards')
      .select('known')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => Boolean(row.known))).toEqual([true, false, true, true]);
    expect(rows[0]!.known).toBe(ctx.dialect === 'sqlite' ? 1 : true);
  });
});

describeEachDb('reused prepared statements', (ctx) => {
  it('answer each run with its own parameters, also after the schema changed', async () => {
    const user = await registerUser(ctx.app);
    const now = new Date().toISOString();
    const question = (id: number) =>
      ctx.db
        .selectFrom('cards')
        .select('question')
        .where('user_id', '=', user.id)
        .where('id', '=', id)
        .executeTakeFirst();
    const ids: number[] = [];
    for (const text of ['first', 'second']) {
      const row = await ctx.db
        .insertInto('cards')
        .values({ user_id: user.id, note_guid: text, question: text, answer: 'a', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // The same SQL text twice, different parameters: no answer leaks from one run to the next.
    expect(await question(ids[0]!)).toEqual({ question: 'first' });
    expect(await question(ids[1]!)).toEqual({ question: 'second' });
    expect(await question(-1)).toBeUndefined();

    // A cached statement still works once the table it reads has changed shape.
    await ctx.db.schema.createIndex('test_cards_question_idx').on('cards').column('question').execute();
    expect(await question(ids[1]!)).toEqual({ question: 'second' });
    await ctx.db.schema.dropIndex('test_cards_question_idx').execute();
  });

  it('name every field of a row, also after the table gained a column', async () => {
    await ctx.db.schema
      .createTable('test_notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('body', 'text')
      .execute();
    try {
      await ctx.db
        .insertInto('test_notes' as never)
        .values({ id: 1, body: 'one' } as never)
        .execute();
      const all = () =>
        ctx.db
          .selectFrom('test_notes' as never)
          .selectAll()
          .execute();
      expect(await all()).toEqual([{ id: 1, body: 'one' }]);
      await ctx.db.schema.alterTable('test_notes').addColumn('tag', 'text').execute();
      expect(await all()).toEqual([{ id: 1, body: 'one', tag: null }]);
      // The same name twice: the last column wins, as the driver's own row objects have it.
      const { rows } = await sql<{
        id: number;
        body: string;
      }>`select id, body, 'later' as body from test_notes`.execute(ctx.db);
      expect(rows).toEqual([{ id: 1, body: 'later' }]);
    } finally {
      await ctx.db.schema.dropTable('test_notes').execute();
    }
  });
});
