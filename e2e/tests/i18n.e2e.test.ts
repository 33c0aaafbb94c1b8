// Server-made texts in the learner's language: achievements and notifications travel
// as keys and values and are worded by the screens, and the Spanish notifications heading stays
// whole on a phone and on a desktop.
import type { Page } from 'playwright-core';
import { accessToken, testSite } from '../src/harness';

const site = testSite();

/**
 * Where the element's text goes onto a new line: for each line after the first, the characters
 * on either side of the break (measured per character with a Range).
 */
async function lineBreaks(
  page: Page,
  selector: string,
): Promise<{ text: string; breaks: { before: string; after: string }[]; overflows: boolean }> {
  return page.locator(selector).evaluate((element) => {
    const text = element.textContent ?? '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) tops.push({ char: node.textContent![i]!, top: rect.top });
      }
    }
    const breaks = [];
    for (let i = 1; i < tops.length; i++) {
      if (tops[i]!.top > tops[i - 1]!.top + 2) breaks.push({ before: tops[i - 1]!.char, after: tops[i]!.char });
    }
    return { text, breaks, overflows: element.scrollWidth > element.clientWidth + 1 };
  });
}

test('a Spanish learner reads achievements and notifications in Spanish, under a whole heading', async () => {
  const { page, errors } = await site.learner();
  const token = await accessToken(page);

  // The learner chooses Spanish; the page speaks it from the next load.
  expect((await site.request(token, 'PUT', '/user/settings', { language: 'es' })).status).toBe(200);
  // A review, then a check: unlocks "First Steps", which pays and notifies (as the server's key).
  const card = await site.call(token, 'POST', '/cards', { question: '¿Capital de Perú?', answer: 'Lima' });
  const review = { cardId: card.id, result: 2, timeSpent: 3000 };
  expect((await site.request(token, 'POST', '/spaced-repetition/review', review)).status).toBe(200);
  const check = await site.call(token, 'POST', '/gamification/achievements/check');
  expect(check.unlocked.map((a: { key: string }) => a.key)).toEqual(['first_review']);

  // Achievements: named and described in Spanish, no English name left.
  await page.goto('/achievements');
  await page.getByRole('heading', { level: 1, name: 'Logros' }).waitFor();
  const firstSteps = page.getByRole('listitem', { name: 'Primeros pasos' });
  await firstSteps.getByText('Repasa tu primera tarjeta', { exact: true }).waitFor();
  await page
    .getByRole('listitem', { name: 'Creador de tarjetas' })
    .getByText('Crea 10 tarjetas', { exact: true })
    .waitFor();
  expect(await page.getByText('First Steps').count()).toBe(0);
  expect(await page.getByText('Review your first card').count()).toBe(0);

  // The bell: the achievement and the daily bonus, worded in Spanish.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: /^Notificaciones, \d+ sin leer$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Notificaciones' });
    await dialog.getByText('Logro desbloqueado: Primeros pasos').waitFor();
    await dialog.getByText('Repasa tu primera tarjeta. Has ganado 10 XP y 5 fichas.').waitFor();
    await dialog.getByText('Bonificación diaria disponible').waitFor();
    expect(await dialog.getByText(/Achievement unlocked|Daily bonus/).count()).toBe(0);

    // The heading is on one line, or breaks only between words (a one-word heading: never), and
    // is not cut off.
    const heading = await lineBreaks(page, '.shell-notifications-header h2');
    const insideWords = heading.breaks.filter((b) => b.before !== ' ' && b.after !== ' ');
    expect({ viewport, text: heading.text, insideWords, overflows: heading.overflows }).toEqual({
      viewport,
      text: 'Notificaciones',
      insideWords: [],
      overflows: false,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  expect(errors).toEqual([]);
});
