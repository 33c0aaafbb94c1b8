// Tokens buy a streak freeze on the dashboard: a learner claims the daily bonus, is given the
// rest of the price in the ledger (as an achievement would pay it), buys one freeze; the balance
// drops by the price and the tile says one is held, its button then disabled with the reason.
// axe (WCAG 2.0-2.2 A/AA) finds no serious or critical violation on the dashboard at 1280x800
// and 390x844 in both themes; pictures in /tmp/shots/streak-freeze-*.png.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { audit, SHOTS, sidewaysOverflow } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

/** Tokens credited straight into the product's ledger (SQLite in the data folder). */
function credit(userId: number, amount: number) {
  const db = new Database(join(site.product.dataDir, 'flashcards.db'), { fileMustExist: true });
  try {
    db.prepare(
      `insert into token_ledger (user_id, amount, reason, reference, created_at) values (?, ?, 'achievement', 'e2e', ?)`,
    ).run(userId, amount, new Date().toISOString());
  } finally {
    db.close();
  }
}

test('a learner buys a streak freeze with tokens: the balance drops and the tile says one is held', async () => {
  const { page, context, errors } = await site.learner();
  const { user } = await site.callAs<{ user: { id: number } }>(page, 'GET', '/auth/me');
  const tile = page.getByRole('region', { name: 'Daily Bonus' });
  const buy = tile.getByRole('button', { name: 'Buy a streak freeze (50 tokens)' });
  const freezes = tile.getByTestId('streak-freezes');

  // The bonus alone (10 tokens) is short of the price: the button says why it is disabled.
  await tile.getByRole('button', { name: 'Claim bonus' }).click();
  await tile.getByText('Tokens: 10').waitFor();
  await expect(buy.isDisabled()).resolves.toBe(true);
  await freezes.getByText('You need 50 tokens; you have 10.').waitFor();
  await expect(buy.getAttribute('aria-describedby')).resolves.toBe('streak-freeze-refusal');

  credit(user.id, 45);
  await page.reload();
  await tile.getByText('Tokens: 55').waitFor();
  await freezes.getByText('Streak freezes: 0 of 2').waitFor();
  await expect(buy.isEnabled()).resolves.toBe(true);
  await page.waitForLoadState('networkidle');
  const problems = await audit(page, 'dashboard-before', {
    each: async (size, theme) => {
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/streak-freeze-before-${size.name}-${theme}.png`, fullPage: true });
    },
  });

  const bought = page.waitForResponse(
    (response) => response.url().endsWith('/api/tokens/streak-freeze') && response.request().method() === 'POST',
  );
  await buy.click();
  expect((await bought).status()).toBe(201);
  await page.getByText('Streak freeze bought: 1 of 2 held').waitFor();
  await tile.getByText('Tokens: 5').waitFor();
  await freezes.getByText('Streak freezes: 1 of 2').waitFor();
  await freezes.getByText('You need 50 tokens; you have 5.').waitFor();
  await tile.getByText('Token history').click();
  await tile.getByText(/^-50 · Streak freeze · /).waitFor();
  await page.mouse.move(0, 0);
  problems.push(
    ...(await audit(page, 'dashboard-bought', {
      each: async (size, theme) => {
        expect(await sidewaysOverflow(page)).toBe(0);
        await page.screenshot({ path: `${SHOTS}/streak-freeze-${size.name}-${theme}.png`, fullPage: true });
      },
    })),
  );

  // The server says the same after a reload.
  await page.reload();
  await freezes.getByText('Streak freezes: 1 of 2').waitFor();
  await tile.getByText('Tokens: 5').waitFor();

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);
