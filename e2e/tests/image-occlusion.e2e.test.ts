// Image occlusion in Chromium: a learner chooses a PNG in the card editor, draws one mask by
// dragging on the image and adds another with the keyboard (Add mask, arrows move it, Shift+arrows
// resize it), saves one note that makes two cards, then learns one: the image with the asked mask
// hidden and highlighted (the other hidden too: hide all, guess one), revealed on the back, rated
// (the other card, its sibling, waits for tomorrow).
// axe finds no serious or critical violation in the editor or the session, at both sizes in both
// themes; pictures at /tmp/shots/image-occlusion-*.png.
import type { Page } from 'playwright-core';
import { audit, setTheme, shootElement, sidewaysOverflow, SHOTS } from '../src/axe';
import { testSite, waitUntil } from '../src/harness';

const site = testSite();

/** A 480x300 PNG diagram with four labelled boxes, drawn by the page's own canvas. */
async function diagram(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e7f5ff';
    g.fillRect(0, 0, 480, 300);
    const parts: Array<[string, string, number, number]> = [
      ['Atrium', '#ffa8a8', 40, 40],
      ['Ventricle', '#b2f2bb', 260, 40],
      ['Aorta', '#ffec99', 40, 170],
      ['Valve', '#d0bfff', 260, 170],
    ];
    g.font = 'bold 24px sans-serif';
    for (const [label, colour, x, y] of parts) {
      g.fillStyle = colour;
      g.fillRect(x, y, 180, 90);
      g.fillStyle = '#1b1f2a';
      g.fillText(label, x + 20, y + 55);
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Waits until every image in `scope` has its blob: file loaded. */
async function imagesLoaded(page: Page, scope: string) {
  await page.waitForFunction((selector) => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>(selector));
    return (
      images.length > 0 &&
      images.every((image) => image.src.startsWith('blob:') && image.complete && image.naturalWidth > 0)
    );
  }, `${scope} img`);
}

test('a learner masks two parts of an image, saves two cards and learns them with the asked part hidden', async () => {
  const { page, context, errors } = await site.learner();
  await page.goto('/cards');
  await page.getByRole('button', { name: 'Add New Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  await dialog.getByLabel('Note type').selectOption({ label: 'Image occlusion (one card per mask)' });
  await dialog
    .getByLabel('Choose image')
    .setInputFiles({ name: 'heart.png', mimeType: 'image/png', buffer: await diagram(page) });
  const stage = dialog.getByRole('group', { name: 'Image with masks' });
  await stage.waitFor();
  await imagesLoaded(page, '.occlusion-editor-stage');

  // Mask 1: dragged over the top-left box ("Atrium").
  const box = (await stage.locator('img').boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.08, 0.13));
  await page.mouse.down();
  await page.mouse.move(...at(0.25, 0.25), { steps: 4 });
  await page.mouse.move(...at(0.46, 0.43), { steps: 4 });
  await page.mouse.up();
  const first = stage.getByRole('button', { name: 'Mask 1' });
  await first.waitFor();
  const drawn = (await first.boundingBox())!;
  expect(drawn.x - box.x).toBeCloseTo(box.width * 0.08, -1);
  expect(drawn.width).toBeCloseTo(box.width * 0.38, -1);

  // Mask 2: by keyboard, from Add mask (at the centre) right and down over "Valve", then wider.
  await dialog.getByRole('button', { name: 'Add mask' }).focus();
  await page.keyboard.press('Enter');
  const second = stage.getByRole('button', { name: 'Mask 2' });
  await expect(second.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  for (let n = 0; n < 16; n++) await page.keyboard.press('ArrowRight');
  for (let n = 0; n < 16; n++) await page.keyboard.press('ArrowDown');
  for (let n = 0; n < 8; n++) await page.keyboard.press('Shift+ArrowRight');
  for (let n = 0; n < 10; n++) await page.keyboard.press('Shift+ArrowDown');
  const list = dialog.getByRole('list', { name: 'Masks (2)' });
  await expect(list.getByRole('listitem').allInnerTexts()).resolves.toEqual([
    // The drag's place, to a pixel or two.
    expect.stringMatching(/^Mask 1 [78](\.\d)?% from the left, 1[234](\.\d)?% from the top/),
    expect.stringMatching(/^Mask 2 56% from the left, 61% from the top, 28% wide, 20% high/),
  ]);
  await dialog.getByLabel('Header (optional, shown above the image)').fill('Name the part of the heart');
  await dialog.getByLabel('Extra (optional, shown on the back)').fill('Four chambers in all');
  await imagesLoaded(page, '.cards-preview');

  const editorProblems = await audit(page, 'occlusion editor', {
    each: async (size, theme) => {
      expect(await sidewaysOverflow(page)).toBe(0);
      // The picture shows the image with its masks at the top of the dialog's view.
      await stage.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/image-occlusion-editor-${size.name}-${theme}.png` });
    },
  });
  await setTheme(page, 'light');
  expect(editorProblems).toEqual([]);

  await dialog.getByRole('button', { name: 'Create Card' }).click();
  await dialog.waitFor({ state: 'detached' });
  const cards = await site.callAs<Array<{ kind: string; ord: number; question: string }>>(page, 'GET', '/cards');
  expect(cards.map((card) => [card.kind, card.ord]).sort()).toEqual([
    ['occlusion', 1],
    ['occlusion', 2],
  ]);
  expect(cards[0]!.question).toMatch(
    /^!\[heart\]\(heart(-\d+)?\.png\)\n\{\{c1::image-occlusion:rect:left=\.0[78]\d*:top=\.1[234]\d*:/,
  );
  // My Cards shows the image with its masks on the tiles.
  await page.locator('.cards-tile .occlusion .occlusion-mask').first().waitFor();
  await imagesLoaded(page, '.cards-tile .occlusion');
  await shootElement(page, page.locator('.cards-tile').first(), 'image-occlusion-tile');

  await page.goto('/study');
  await page.getByRole('region', { name: 'New Cards' }).getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');
  const card = page.locator('.study-card');
  await imagesLoaded(page, '.study-card .occlusion');
  await expect(card.getByText('Name the part of the heart').count()).resolves.toBeGreaterThan(0);
  // Hide all, guess one: both masks hidden, the asked one marked.
  expect(await card.locator('.occlusion-mask').count()).toBe(2);
  const asked = card.locator('.occlusion-asked');
  expect(await asked.count()).toBe(1);
  /** Which mask is asked, by where it begins: about 8% of the image's width (mask 1) or 56% (mask 2). */
  const askedMask = async () => {
    const image = (await card.locator('.occlusion img').boundingBox())!;
    const hidden = (await asked.boundingBox())!;
    const left = (hidden.x - image.x) / image.width;
    if (Math.abs(left - 0.08) < 0.02) return 1;
    return Math.abs(left - 0.56) < 0.02 ? 2 : left;
  };
  const firstAsked = await askedMask();
  expect([1, 2]).toContain(firstAsked);
  // The mask is opaque: the image does not show through its middle.
  const colour = await asked.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(colour).toMatch(/^rgb\(/);

  const sessionProblems: string[] = [];
  const shoot = (side: string) =>
    audit(page, `occlusion session ${side}`, {
      each: async (size, theme) => {
        expect(await sidewaysOverflow(page)).toBe(0);
        await page.screenshot({ path: `${SHOTS}/image-occlusion-${side}-${size.name}-${theme}.png` });
      },
    }).then((problems) => sessionProblems.push(...problems));
  await shoot('front');

  await page.getByRole('button', { name: 'Reveal Answer' }).click();
  await card.locator('.occlusion-revealed').waitFor();
  await imagesLoaded(page, '.study-card .occlusion');
  // Revealed: the asked mask is an outline, the other stays hidden; the extra shows.
  expect(await card.locator('.occlusion-asked').count()).toBe(0);
  expect(await card.locator('.occlusion-mask:not(.occlusion-revealed)').count()).toBe(1);
  await card.getByText('Four chambers in all').first().waitFor();
  await shoot('back');
  await setTheme(page, 'light');
  expect(sessionProblems).toEqual([]);

  await page.getByRole('group', { name: 'Rate your answer' }).getByRole('button', { name: /Good/ }).click();
  // Rated: the asked card is learning; its sibling, the other mask, waits for tomorrow (Anki buries
  // a note's other new cards for the day).
  const rated = async () =>
    (await site.callAs<Array<{ ord: number; state: string; buried_until: string | null }>>(page, 'GET', '/cards'))
      .map(({ ord, state, buried_until }) => ({ ord, state, buried: buried_until !== null }))
      .sort((a, b) => a.ord - b.ord);
  const expected = [1, 2].map((ord) =>
    ord === firstAsked ? { ord, state: 'learning', buried: false } : { ord, state: 'new', buried: true },
  );
  await waitUntil(async () => JSON.stringify(await rated()) === JSON.stringify(expected), 10_000, 'the rating');
  expect(await rated()).toEqual(expected);

  expect(errors).toEqual([]);
  await context.close();
});
