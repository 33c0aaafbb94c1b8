// Type-in-the-answer cards in the browser, against the real API: made in the card editor, studied
// in the new-card session with a slightly wrong answer typed (the session's keys are typing
// there), Enter shows Anki's comparison, a digit rates. axe (WCAG 2.2 A/AA) on the question with
// its field and on the revealed comparison, at 1280x800 and 390x844 in the light and dark themes;
// pictures in /tmp/shots/type-answer-*.png.
import type { Locator, Page } from 'playwright-core';
import { audit, setTheme, sidewaysOverflow, SHOTS } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

/** axe's serious and critical findings at both sizes in both themes, with a picture of each. */
async function auditAndShoot(page: Page, name: string): Promise<string[]> {
  const problems = await audit(page, name, {
    each: async (size, theme) => {
      await page.screenshot({ path: `${SHOTS}/type-answer-${name}-${size.name}-${theme}.png` });
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`${name} ${size.name} ${theme}: ${overflow}px sideways`);
    },
  });
  await setTheme(page, 'light');
  return problems;
}
const problems: string[] = [];

/** What an element shows on screen: its text without the parts only a screen reader hears. */
const shown = (locator: Locator) =>
  locator.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return copy.textContent;
  });

test('a typed card: made in the editor, its answer typed in a session and compared character by character', async () => {
  const { page, context, errors } = await site.learner();
  await page.goto('/cards');
  await page.getByRole('button', { name: 'Create First Card' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Note type').selectOption({ label: 'Basic (type in the answer)' });
  await dialog.getByLabel('Question').fill('Capital of *France*?');
  await dialog.getByLabel('Answer').fill('Paris');
  await page.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText('Card created successfully').waitFor();
  const [stored] = await site.callAs<Array<{ kind: string }>>(page, 'GET', '/cards');
  expect(stored!.kind).toBe('typed');

  await page.goto('/study');
  await page.getByRole('region', { name: 'New Cards' }).getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');
  const field = page.getByRole('textbox', { name: 'Type the answer' });
  await field.waitFor();
  // The cursor is in the field, as in Anki: the session's keys are typing there.
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type('1 3e');
  expect(await field.inputValue()).toBe('1 3e');
  expect(await page.getByRole('group', { name: 'Rate your answer' }).count()).toBe(0);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await field.fill('Parsi');
  problems.push(...(await auditAndShoot(page, 'question')));

  await field.press('Enter');
  const answer = page.getByRole('region', { name: 'Answer' });
  await answer.waitFor();
  expect(await answer.evaluate((element) => element === document.activeElement)).toBe(true);
  // Typed line: Par right, s wrong, i right, a dash for the missing s; an arrow; the answer line
  // with the s that was not typed marked missing.
  const mine = answer.locator('.study-typed-mine');
  expect(await mine.locator('.type-good').allTextContents()).toEqual(['Par', 'i']);
  expect(await mine.locator('del.type-bad').allTextContents()).toEqual(['wrong s']);
  expect(await shown(mine)).toBe('Parsi-');
  expect(await mine.locator('ins.type-missing .visually-hidden').textContent()).toBe('missing s');
  await answer.getByText('↓').waitFor();
  const right = answer.locator('.study-typed-right');
  expect(await shown(right)).toBe('Paris');
  expect(await right.locator('ins.type-missing').textContent()).toBe('missing s');
  // Not by colour alone: wrong is struck through, missing underlined.
  expect(await mine.locator('del.type-bad').evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
    'line-through',
  );
  expect(
    await right.locator('ins.type-missing').evaluate((element) => getComputedStyle(element).textDecorationLine),
  ).toBe('underline');
  problems.push(...(await auditAndShoot(page, 'revealed')));

  // The rating keys work again once the answer is up: Good keeps the new card in its learning
  // steps, so it comes back, its field empty; typed right, one line says so; Easy graduates it.
  await page.keyboard.press('2');
  await page.getByText('Again: back for another try').waitFor();
  expect(await field.inputValue()).toBe('');
  await field.fill('Paris');
  await field.press('Enter');
  await answer.getByText('✓ Correct', { exact: true }).waitFor();
  expect(await shown(answer.locator('.study-typed-mine'))).toBe('Paris');
  expect(await answer.locator('.study-typed-right, del, ins').count()).toBe(0);
  await page.keyboard.press('3');
  await page.getByRole('heading', { name: 'New Cards Learned!' }).waitFor();
  const [rated] = await site.callAs<Array<{ repetitions: number }>>(page, 'GET', '/cards');
  expect(rated!.repetitions).toBe(2);

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
