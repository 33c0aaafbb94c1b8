// The study modes in a real browser: a card rated Again comes back within the same review session, a
// session of one set only, cloze notes (one card per cloze, each hiding only its own), math
// typeset by KaTeX, card HTML that cannot run, images (the learner's own, shown only to them),
// Anki packages in both formats, and the multiple-choice and timed practice modes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApkg, type FixturePackage } from '@flashcard/api/src/test/apkg-fixture';
import type { Page } from 'playwright-core';
import { accessToken, signUp, testSite } from '../src/harness';

const site = testSite();

/** E2E_SHOTS=<folder> keeps a screenshot of each screen (desktop and phone) for a person to look at. */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** Waits until `read` gives `expected` (10 s at most), then checks it once more. */
async function eventually<T>(read: () => Promise<T>, expected: T) {
  const until = Date.now() + 10_000;
  while (Date.now() < until && JSON.stringify(await read()) !== JSON.stringify(expected))
    await new Promise((r) => setTimeout(r, 100));
  expect(await read()).toEqual(expected);
}

const article = (page: Page) => page.getByRole('article', { name: 'Flashcard' });

async function reveal(page: Page) {
  await page.getByRole('button', { name: /^(Show|Reveal) Answer$/ }).click();
  await page.getByRole('region', { name: 'Answer' }).waitFor();
}

test('a card rated Again comes back within the same review session, marked, before it completes', async () => {
  const { page, context, errors } = await site.learner();
  for (const [question, answer] of [
    ['Capital of Peru?', 'Lima'],
    ['Capital of Chile?', 'Santiago'],
  ]) {
    await site.callAs(page, 'POST', '/cards', { question, answer });
  }
  // Learn both (Good: a 10-minute learning step, due within the learn-ahead window).
  await page.goto('/study/new');
  for (let i = 0; i < 2; i++) {
    await reveal(page);
    await page.getByRole('button', { name: /^Good / }).click();
  }
  // Good's next learning step is within the learn-ahead: the first card comes back in this
  // session; the learner leaves it for a review session instead.
  await page.getByText('Again: back for another try').waitFor();

  await page.goto('/study/review');
  await page.getByText('Card 1 of 2', { exact: true }).waitFor();
  const first = (await article(page).locator('.study-text').first().innerText()).trim();
  await reveal(page);
  await page.getByRole('button', { name: /^Again / }).click();
  await page.getByText('Card 2 of 2', { exact: true }).waitFor();
  await reveal(page);
  await page.getByRole('button', { name: /^Easy / }).click();

  // The first card is back: N stays the 2 distinct cards, the card says it is back.
  await page.getByText('Again: back for another try').waitFor();
  expect((await article(page).locator('.study-text').first().innerText()).trim()).toBe(first);
  expect(await page.getByText('Session Complete!').count()).toBe(0);
  await shot(page, 'study-again-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'study-again-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await reveal(page);
  await page.getByRole('button', { name: /^Easy / }).click();
  await page.getByText('Session Complete!').waitFor();
  await page.getByText('You reviewed 2 cards. Great job!').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a set-only session: the hub and the session cover the chosen set and nothing else', async () => {
  const { page, context, errors } = await site.learner();
  const biology = await site.callAs(page, 'POST', '/categories', { name: 'Biology' });
  const history = await site.callAs(page, 'POST', '/categories', { name: 'History' });
  await site.callAs(page, 'POST', '/cards', {
    question: 'What is a cell?',
    answer: 'The unit of life',
    category_id: biology.id,
  });
  await site.callAs(page, 'POST', '/cards', {
    question: 'What is DNA?',
    answer: 'Genetic material',
    category_id: biology.id,
  });
  await site.callAs(page, 'POST', '/cards', {
    question: 'When did Rome fall?',
    answer: '476',
    category_id: history.id,
  });

  // From the cards screen: filter by the set, then "Study this set".
  await page.goto('/cards');
  await page.getByRole('region', { name: 'Filters' }).getByLabel('Set').selectOption({ label: 'Biology' });
  await page.getByRole('link', { name: 'Study this set' }).click();
  await page.waitForURL(`**/study?set=${biology.id}`);
  await eventually(() => page.getByLabel('What to study').inputValue(), `set:${biology.id}`);
  await page.getByRole('region', { name: 'New Cards' }).locator('.stat-value', { hasText: /^2$/ }).waitFor();
  await shot(page, 'study-hub-set-desktop');

  await page.getByRole('button', { name: 'Learn New Cards' }).click();
  await page.getByText('Set: Biology').waitFor();
  const seen: string[] = [];
  for (let i = 0; i < 2; i++) {
    // The next card, once the one just rated has left the screen.
    await page.getByText(`New Card ${i + 1} of 2`, { exact: true }).waitFor();
    seen.push((await article(page).locator('.study-text').first().innerText()).trim());
    await reveal(page);
    await page.getByRole('button', { name: /^Good / }).click();
  }
  // Both on their next learning step: back in this session, and only these two.
  await page.getByText('Again: back for another try').waitFor();
  expect(seen.sort()).toEqual(['What is DNA?', 'What is a cell?']);
  expect(errors).toEqual([]);
  await context.close();
});

test('rich cards: a cloze note makes one card per cloze, math is typeset, card HTML cannot run', async () => {
  const { page, context, errors } = await site.session();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signUp(page);
  await page.goto('/cards');

  // The cloze note through the editor, with its live preview.
  await page.getByRole('button', { name: 'Add New Card' }).first().click();
  const editor = page.getByRole('dialog', { name: 'Create New Card' });
  await editor.getByLabel('Note type').selectOption('cloze');
  await editor.getByLabel('Question').fill('{{c1::Paris}} is the capital of {{c2::France}}, in {{c3::Europe}}');
  const previews = editor.getByRole('region', { name: 'Preview' }).getByRole('group');
  await eventually(() => previews.count(), 3);
  await editor.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText('Card created successfully').waitFor();

  await site.callAs(page, 'POST', '/cards', {
    question: 'Euler: $e^{i\\pi}+1=0$',
    answer: '$$\\int_0^1 x\\,dx = \\frac12$$',
  });
  await site.callAs(page, 'POST', '/cards', {
    question: 'Trap <img src=x onerror=alert(1)> here',
    answer: '[click](javascript:alert(2)) <a href="javascript:alert(3)">too</a>',
  });
  await page.reload();
  await page.getByText('Showing 5 card(s)').waitFor();

  // Three cloze cards, each hiding only its own cloze and showing the other two.
  const clozeTiles = page.locator('.cards-tile', { has: page.locator('.badge', { hasText: /^Cloze \d$/ }) });
  await eventually(() => clozeTiles.count(), 3);
  const hidden: string[] = [];
  for (let i = 0; i < 3; i++) {
    const front = clozeTiles.nth(i).locator('.cards-tile-question');
    await front.locator('.cloze').waitFor();
    expect(await front.locator('.cloze').count()).toBe(1);
    const text = await front.innerText();
    const shownWords = ['Paris', 'France', 'Europe'].filter((word) => text.includes(word));
    expect(shownWords).toHaveLength(2);
    hidden.push(['Paris', 'France', 'Europe'].find((word) => !text.includes(word))!);
  }
  expect(hidden.sort()).toEqual(['Europe', 'France', 'Paris']);

  // KaTeX typeset the math (inline and display).
  const mathTile = page.locator('.cards-tile', { hasText: 'Euler' });
  await mathTile.locator('.katex').first().waitFor();
  expect(await mathTile.locator('.katex-display').count()).toBe(1);

  // The trap renders inert: no handler attribute, no script URL, and nothing ran.
  const trap = page.locator('.cards-tile', { hasText: 'Trap' });
  await trap.locator('img').waitFor({ state: 'attached' });
  expect(await trap.locator('[onerror]').count()).toBe(0);
  expect(await trap.locator('a[href^="javascript"]').count()).toBe(0);
  await shot(page, 'cards-rich-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'cards-rich-phone');
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('images: added in the editor, shown in the preview, the tile and the study session, and only to their owner', async () => {
  const { page, context, errors } = await site.learner();
  await page.goto('/cards');
  await page.getByRole('button', { name: 'Add New Card' }).first().click();
  const editor = page.getByRole('dialog', { name: 'Create New Card' });
  await editor.getByLabel('Question').fill('Which phase is this? ');
  await editor.getByLabel('Answer').fill('Anaphase');
  // Back in the question: the image goes where its cursor is (the end).
  await editor.getByLabel('Question').click();
  await editor.getByLabel('Question').press('End');
  // A real 2x2 PNG, chosen through the file input the "Add image" label holds.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  await editor.getByLabel('Add image').setInputFiles({ name: 'cell phase.png', mimeType: 'image/png', buffer: png });
  await eventually(
    () => editor.getByLabel('Question').inputValue(),
    'Which phase is this? ![cell phase](cell-phase.png)',
  );
  const decoded = (image: ReturnType<Page['locator']>) =>
    image.evaluate((element) => {
      const img = element as HTMLImageElement;
      return img.complete && img.naturalWidth === 2 && img.src.startsWith('blob:');
    });
  const preview = editor.getByRole('region', { name: 'Preview' }).getByAltText('cell phase').first();
  await eventually(() => decoded(preview), true);
  await editor.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText('Card created successfully').waitFor();

  const tileImage = page.locator('.cards-tile').getByAltText('cell phase');
  await eventually(() => decoded(tileImage), true);
  await shot(page, 'cards-image-desktop');

  await page.goto('/study/new');
  const studied = article(page).getByAltText('cell phase');
  await eventually(() => decoded(studied), true);

  // Another learner asking for the same name gets 404, not the image.
  const other = await site.learner();
  const stolen = await site.requestAs(other.page, 'GET', '/media/cell-phase.png');
  expect(stolen.status).toBe(404);
  expect(errors).toEqual([]);
  await other.context.close();
  await context.close();
});

test('Anki packages in both formats import through the dialog: preview, notes in their decks, review history, images', async () => {
  const { page, context, errors } = await site.learner();
  const day = 86_400_000;
  const start = Date.now() - 40 * day;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  const pack = (format: FixturePackage['format'], prefix: string): FixturePackage => ({
    format,
    notes: [
      {
        guid: `${prefix}-cell`,
        fields: [`${prefix}: the unit of life <img src="cell pic.png">`, 'The cell'],
        deck: `Biology ${prefix}`,
        cards: [
          {
            ord: 0,
            reviews: [
              { at: start, ease: 3, type: 0 },
              { at: start + day, ease: 3, type: 1 },
              { at: start + 4 * day, ease: 4, type: 1 },
            ],
          },
        ],
      },
      {
        guid: `${prefix}-dna`,
        fields: [`${prefix}: DNA stands for?`, 'Deoxyribonucleic acid'],
        deck: `Biology ${prefix}`,
        cards: [{ ord: 0, reviews: [{ at: start + 2 * day, ease: 1, type: 0 }] }],
      },
    ],
    media: [{ name: 'cell pic.png', data: png }],
  });
  await page.goto('/cards');
  for (const [format, prefix] of [
    ['anki21b', 'New'],
    ['anki2', 'Old'],
  ] as const) {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import cards' });
    await dialog.getByLabel('Upload a .csv or .txt file').setInputFiles({
      name: `${prefix}.apkg`,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(buildApkg(pack(format, prefix))),
    });
    await dialog.getByText(`Anki package: ${prefix}.apkg`).waitFor();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('With them: 2 cards, 4 answers of review history, 1 image, 0 sounds.').waitFor();
    await shot(page, `import-apkg-${format}-desktop`);
    await dialog.getByRole('button', { name: 'Import 2 cards' }).click();
    await page.getByText('Imported 2 cards').waitFor();
  }
  await page.getByText('Showing 4 card(s)').waitFor();
  const image = page.locator('.cards-tile', { hasText: 'New: the unit of life' }).getByRole('img');
  await eventually(
    () =>
      image.evaluate(
        (element) =>
          (element as HTMLImageElement).src.startsWith('blob:') && (element as HTMLImageElement).naturalWidth === 2,
      ),
    true,
  );
  // The history came along: the optimizer counts it, and the sets are the decks.
  const token = await accessToken(page);
  expect((await site.call(token, 'GET', '/spaced-repetition/optimizer')).reviewCount).toBe(8);
  const sets = await site.call<Array<{ name: string }>>(token, 'GET', '/categories');
  expect(sets.map((set) => set.name).sort()).toEqual(['Biology New', 'Biology Old']);
  expect(errors).toEqual([]);
  await context.close();
});

test('multiple choice and timed practice run to their summaries', async () => {
  const { page, context, errors } = await site.learner();
  const set = await site.callAs(page, 'POST', '/categories', { name: 'Capitals' });
  for (const [question, answer] of [
    ['France', 'Paris'],
    ['Italy', 'Rome'],
    ['Spain', 'Madrid'],
    ['Peru', 'Lima'],
  ]) {
    await site.callAs(page, 'POST', '/cards', { question, answer, category_id: set.id });
  }
  await page.goto(`/study?set=${set.id}`);
  await page.getByRole('link', { name: 'Start Multiple Choice' }).click();
  await page.getByText('Question 1 of 4').waitFor();
  await shot(page, 'study-multiple-choice-desktop');
  for (let i = 1; i <= 4; i++) {
    await page.getByText(`Question ${i} of 4`).waitFor();
    await page.keyboard.press('1');
    await page.getByText(/^(Right!|Not quite: the right answer is marked\.)$/).waitFor();
    await page.keyboard.press('Enter');
  }
  await page.getByText('Practice complete!').waitFor();
  await page.getByText(/^\d of 4 right$/).waitFor();

  await page.goto(`/study/timed?set=${set.id}`);
  await page.getByLabel('Seconds per card').selectOption('10');
  await page.getByRole('button', { name: 'Start Timed Practice' }).click();
  await page.getByRole('timer', { name: 'Time left' }).waitFor();
  await shot(page, 'study-timed-desktop');
  for (let i = 1; i <= 4; i++) {
    await page.getByText(`Question ${i} of 4`).waitFor();
    await page.getByRole('button', { name: 'Show Answer' }).click();
    await page.getByRole('button', { name: 'I knew it' }).click();
  }
  await page.getByText('4 of 4 right').waitFor();
  await page.getByText('0 ran out of time').waitFor();
  await shot(page, 'study-timed-summary-desktop');
  expect(errors).toEqual([]);
  await context.close();
});
