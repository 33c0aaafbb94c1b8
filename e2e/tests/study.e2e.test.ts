import type { Page } from 'playwright-core';
import { signUp, testSite } from '../src/harness';

const site = testSite();

const CARDS = [
  { question: 'What is the capital of Japan?', answer: 'Tokyo' },
  { question: 'What is 7 times 8?', answer: '56' },
  { question: 'Which planet is known as the Red Planet?', answer: 'Mars' },
];

const queueCard = (page: Page, title: 'Due for Review' | 'New Cards') => page.getByRole('region', { name: title });

/** Waits until the hub's card `title` shows `count`, then tells whether its button is enabled. */
async function hubCount(
  page: Page,
  title: 'Due for Review' | 'New Cards',
  count: number,
  action: string,
): Promise<boolean> {
  const card = queueCard(page, title);
  await card.locator('.stat-value', { hasText: new RegExp(`^${count}$`) }).waitFor();
  return card.getByRole('button', { name: action }).isEnabled();
}

async function openHub(page: Page) {
  await page.getByRole('heading', { name: 'Study', exact: true }).waitFor();
}

const position = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const question = (page: Page, text: string) =>
  page.getByRole('article', { name: 'Flashcard' }).getByText(text, { exact: true }).waitFor();
const ratings = (page: Page) => page.getByRole('group', { name: 'Rate your answer' });

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/**
 * Space reveals the answer, which takes the focus (from the card, or from a button that went);
 * the rating buttons show what each rating would schedule.
 */
async function revealWithKeyboard(page: Page, answer: string, labels: string[]) {
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Flashcard');
  await page.keyboard.press('Space');
  await page.getByRole('region', { name: 'Answer' }).getByText(answer, { exact: true }).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Answer');
  const buttons = ratings(page).getByRole('button');
  await buttons.first().waitFor();
  expect(await buttons.count()).toBe(labels.length);
  for (const [index, label] of labels.entries()) {
    const button = buttons.nth(index);
    expect(await button.getAttribute('aria-keyshortcuts')).toBe(String(index + 1));
    // The name is what it shows, the label and the interval ("Hard 6m"); its description says
    // what the interval means ("Hard, next review in 6m").
    const description = await page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`).textContent();
    expect(description).toMatch(new RegExp(`^${label}, next review in \\d+(\\.\\d)?(m|h|d|mo|y)$`));
    expect((await button.innerText()).replace(/\s+/g, ' ')).toBe(`${label} ${description!.split(' in ')[1]}`);
  }
}

test('study: the hub counts, a new-card session and a review session, by keyboard, with undo', async () => {
  const { page, context, errors } = await site.learner();
  await site.createCards(page, CARDS);

  // The hub: three new cards, nothing due yet.
  await page.goto('/study');
  await openHub(page);
  expect(await hubCount(page, 'New Cards', 3, 'Learn New Cards')).toBe(true);
  expect(await hubCount(page, 'Due for Review', 0, 'Start Review Session')).toBe(false);
  await page.getByRole('region', { name: 'Daily Goal' }).getByText('0/15', { exact: true }).waitFor();

  // Learn them: on this screen 1 = Hard, 2 = Good, 3 = Easy.
  await queueCard(page, 'New Cards').getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');
  await page.getByRole('heading', { name: 'Learn New Cards' }).waitFor();
  await position(page, 'New Card 1 of 3');
  await question(page, CARDS[0].question);
  expect(await page.getByRole('button', { name: 'Undo last rating' }).isDisabled()).toBe(true);
  expect(await ratings(page).count()).toBe(0);
  await revealWithKeyboard(page, CARDS[0].answer, ['Hard', 'Good', 'Easy']);
  // Space again presses nothing: the answer stays up and no rating is sent.
  await page.keyboard.press('Space');
  expect(await focusedLabel(page)).toBe('Answer');
  expect(await ratings(page).count()).toBe(1);
  await page.keyboard.press('1'); // Hard

  await position(page, 'New Card 2 of 3');
  await question(page, CARDS[1].question);
  await page.getByText('1 done', { exact: true }).waitFor();
  await revealWithKeyboard(page, CARDS[1].answer, ['Hard', 'Good', 'Easy']);
  await page.keyboard.press('3'); // Easy, then taken back
  await position(page, 'New Card 3 of 3');

  // U undoes the last rating: the same card again, its answer hidden, one rating fewer.
  await page.keyboard.press('u');
  await page.getByText('Undid last rating').waitFor();
  await position(page, 'New Card 2 of 3');
  await question(page, CARDS[1].question);
  await page.getByText('1 done', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Reveal Answer' }).waitFor();
  await revealWithKeyboard(page, CARDS[1].answer, ['Hard', 'Good', 'Easy']);
  await page.keyboard.press('2'); // Good

  await position(page, 'New Card 3 of 3');
  await question(page, CARDS[2].question);
  await revealWithKeyboard(page, CARDS[2].answer, ['Hard', 'Good', 'Easy']);
  await page.keyboard.press('3'); // Easy: graduates

  // Learning steps (1m 10m): Hard left card 1 on its first step (6m), Good moved card 2 to the
  // next (10m), both within the 20-minute learn-ahead: they come back in this session, marked,
  // still 'of 3' (distinct cards), the sooner due first.
  await page.getByText('Again: back for another try').waitFor();
  await position(page, 'New Card 3 of 3');
  await question(page, CARDS[0].question);
  await revealWithKeyboard(page, CARDS[0].answer, ['Hard', 'Good', 'Easy']);
  await page.keyboard.press('3'); // Easy: graduates
  await question(page, CARDS[1].question);
  await page.getByText('Again: back for another try').waitFor();
  await revealWithKeyboard(page, CARDS[1].answer, ['Hard', 'Good', 'Easy']);
  await page.keyboard.press('3'); // Easy: graduates

  await page.getByRole('heading', { name: 'New Cards Learned!' }).waitFor();
  await page.getByText('You learned 3 new cards.', { exact: true }).waitFor();
  await page.getByText('Learning session completed!').waitFor();
  await page.getByRole('link', { name: 'View Progress' }).click();
  await page.waitForURL(/\/progress$/);
  await page.getByRole('heading', { name: 'Progress', exact: true }).waitFor();

  // Back on the hub: every card graduated within the session, nothing new; three cards studied
  // today (distinct cards: the undone rating and the returns add none).
  await page.goto('/study');
  await openHub(page);
  expect(await hubCount(page, 'Due for Review', 0, 'Start Review Session')).toBe(false);
  expect(await hubCount(page, 'New Cards', 0, 'Learn New Cards')).toBe(false);
  await page.getByRole('region', { name: 'Daily Goal' }).getByText('3/15', { exact: true }).waitFor();

  expect(errors).toEqual([]);
  await context.close();
});

test('on a 390x844 phone the rating buttons of a long card are in view without scrolling', async () => {
  const { page, context, errors } = await site.session({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await signUp(page);
  const longAnswer = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long answer that keeps going`).join('\n');
  await site.createCards(page, [{ question: 'Name the parts of a cell.\nTake your time.', answer: longAnswer }]);

  await page.goto('/study');
  await queueCard(page, 'New Cards').getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');
  await page.getByRole('button', { name: 'Reveal Answer' }).click();
  await page
    .getByRole('region', { name: 'Answer' })
    .getByText('Line 30 of a long answer', { exact: false })
    .waitFor({ state: 'attached' });
  const buttons = ratings(page).getByRole('button');
  await buttons.first().waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (let i = 0; i < (await buttons.count()); i++) {
    const box = (await buttons.nth(i).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // The question keeps its line break.
  const questionText = await page.getByRole('article', { name: 'Flashcard' }).innerText();
  expect(questionText).toContain('Name the parts of a cell.\nTake your time.');
  await page.screenshot({ path: process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/study-phone.png` : undefined });
  expect(errors).toEqual([]);
  await context.close();
});
