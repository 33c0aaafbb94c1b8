// Learning steps in the new-card session, siblings kept apart, and the card editor (E): in the
// browser, against the real API. axe (WCAG 2.2 A/AA) on the session with a returning card and on
// the editor, at 1280x800 and 390x844 in the light and dark themes; pictures in
// /tmp/shots/learning-steps-*.png.
import type { Page } from 'playwright-core';
import { audit, setTheme, SHOTS } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

const ratings = (page: Page) => page.getByRole('group', { name: 'Rate your answer' });
const position = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const question = (page: Page, text: string) =>
  page.getByRole('article', { name: 'Flashcard' }).getByText(text, { exact: true }).waitFor();

async function reveal(page: Page) {
  await page.getByRole('button', { name: 'Reveal Answer' }).click();
  await ratings(page).getByRole('button').first().waitFor();
}

/** axe's serious and critical findings at both sizes in both themes, with a picture of each. */
async function auditAndShoot(page: Page, name: string, include?: string): Promise<string[]> {
  const problems = await audit(page, name, {
    include,
    each: (size, theme) =>
      page.screenshot({ path: `${SHOTS}/learning-steps-${name}-${size.name}-${theme}.png` }).then(() => {}),
  });
  await setTheme(page, 'light');
  return problems;
}

test('a new card comes back until it graduates, its reversed sibling waits for tomorrow, and E edits it', async () => {
  const { page, context, errors } = await site.learner();
  await site.createCards(page, [{ question: 'Hund', answer: 'dog' }]);
  // A reversed note: two cards, only one of them studied today.
  await site.callAs(page, 'POST', '/cards', { kind: 'reversed', question: 'Katze', answer: 'cat' });

  await page.goto('/study');
  const newCards = page.getByRole('region', { name: 'New Cards' });
  // One card per note can be learnt today: two, not three.
  await newCards.locator('.stat-value', { hasText: /^2$/ }).waitFor();
  await newCards.getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');

  await position(page, 'New Card 1 of 2');
  await question(page, 'Hund');
  await reveal(page);
  // Hard on the first step (1m 10m): 6 minutes, within the learn-ahead.
  await ratings(page).getByRole('button', { name: /^Hard/ }).click();

  await position(page, 'New Card 2 of 2');
  await question(page, 'Katze');
  await reveal(page);
  await ratings(page).getByRole('button', { name: /^Easy/ }).click();

  // Hund is back, marked; still two distinct cards. The sibling "cat" card is not in the session.
  await page.getByText('Again: back for another try').waitFor();
  await position(page, 'New Card 2 of 2');
  await question(page, 'Hund');
  expect(await page.getByRole('article', { name: 'Flashcard' }).getByText('cat', { exact: true }).count()).toBe(0);
  const problems = await auditAndShoot(page, 'again');

  // E opens the editor; keys typed there study nothing; the saved text shows at once.
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: 'Edit this card' });
  await dialog.waitFor();
  const field = dialog.getByLabel('Question');
  await field.fill('');
  await field.pressSequentially('Der Hund 1 2 3');
  expect(await page.getByRole('region', { name: 'Answer' }).count()).toBe(0);
  problems.push(...(await auditAndShoot(page, 'editor')));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await question(page, 'Der Hund 1 2 3');
  await page.getByText('Card saved').waitFor();

  // Good moves to the next step (10m): back once more; Easy graduates it and the session ends.
  await reveal(page);
  await ratings(page).getByRole('button', { name: /^Good/ }).click();
  await page.getByText('Again: back for another try').waitFor();
  await question(page, 'Der Hund 1 2 3');
  await reveal(page);
  await ratings(page).getByRole('button', { name: /^Easy/ }).click();
  await page.getByRole('heading', { name: 'New Cards Learned!' }).waitFor();
  await page.getByText('You learned 2 new cards.', { exact: true }).waitFor();

  // The sibling is buried until tomorrow: nothing new left today; two cards studied.
  await page.goto('/study');
  await newCards.locator('.stat-value', { hasText: /^0$/ }).waitFor();
  await page.getByRole('region', { name: 'Daily Goal' }).getByText('2/15', { exact: true }).waitFor();
  const stored = await site.callAs<Array<{ question: string }>>(page, 'GET', '/cards');
  expect(JSON.stringify(stored)).toContain('Der Hund 1 2 3');

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('the learner sets learning steps on the settings page; the hub says what can be learnt today', async () => {
  const { page, context, errors } = await site.learner();
  await site.createCards(page, [
    { question: 'uno', answer: 'one' },
    { question: 'dos', answer: 'two' },
  ]);
  await site.callAs(page, 'PUT', '/spaced-repetition/settings', { newCardsPerDay: 1 });

  await page.goto('/study');
  const newCards = page.getByRole('region', { name: 'New Cards' });
  await newCards.locator('.stat-value', { hasText: /^1$/ }).waitFor();
  await newCards.getByText('2 waiting, up to 1 new a day', { exact: true }).waitFor();
  expect(await auditAndShoot(page, 'hub')).toEqual([]);

  await page.goto('/settings');
  const steps = page.getByLabel('Learning steps', { exact: true });
  expect(await steps.inputValue()).toBe('1m 10m');
  expect(await page.getByLabel('Relearning steps', { exact: true }).inputValue()).toBe('10m');
  await steps.fill('30s');
  expect(await steps.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
  await steps.fill('2m 15m');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings saved').first().waitFor();
  await steps.scrollIntoViewIfNeeded();
  // The steps fields (the rest of the page is a11y.e2e.test.ts's).
  expect(await auditAndShoot(page, 'settings', '.settings-numbers:has(#settings-learning-steps)')).toEqual([]);
  const saved = await site.callAs<{ learningSteps: string }>(page, 'GET', '/spaced-repetition/settings');
  expect(saved.learningSteps).toBe('2m 15m');
  expect(errors).toEqual([]);
  await context.close();
});
