import { describeEachDb, registerUser } from '../test/harness';

describeEachDb('boolean columns', (ctx) => {
  it('take true/false in single and multi-row inserts, updates and conditions', async () => {
    const user = await registerUser(ctx.app);
    const now = new Date().toISOString();
    const card = (question: string, known?: boolean) => ({ user_id: user.id, question, answer: 'a', known, created_at: now, updated_at: now });
    await ctx.db.insertInto('cards').values(card('single', true)).execute();
    await ctx.db.insertInto('cards').values([card('many-1', false), card('many-2', true)]).execute();
    // Alone: in a multi-row insert SQLite has no DEFAULT keyword, so a missing value is NULL.
    await ctx.db.insertInto('cards').values(card('default')).execute();

    const knownQuestions = async () =>
      (await ctx.db.selectFrom('cards').select('question').where('user_id', '=', user.id).where('known', '=', true).orderBy('id').execute()).map(
        (row) => row.question,
      );
    expect(await knownQuestions()).toEqual(['single', 'many-2']);

    await ctx.db.updateTable('cards').set({ known: true }).where('user_id', '=', user.id).where('question', '=', 'default').execute();
    expect(await knownQuestions()).toEqual(['single', 'many-2', 'default']);

    // Read back as the driver returns them: 1/0 on SQLite, true/false on PostgreSQL.
    const rows = await ctx.db.selectFrom('cards').select('known').where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((row) => Boolean(row.known))).toEqual([true, false, true, true]);
    expect(rows[0]!.known).toBe(ctx.dialect === 'sqlite' ? 1 : true);
  });
});
