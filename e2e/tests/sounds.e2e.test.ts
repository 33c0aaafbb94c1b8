// A card's sound in Chromium: a WAV the learner uploaded, named in the card as Anki does
// (`[sound:hello.wav]`), is the browser's own player with the file (a blob: URL of its bytes) on
// My Cards and in a study session, where R plays it. axe finds no serious or critical violation
// on the session with the player, at both sizes in both themes.
import type { Page } from 'playwright-core';
import { audit, setTheme, SHOTS } from '../src/axe';
import { accessToken, testSite } from '../src/harness';

const site = testSite();

/** Half a second of quiet, 8 kHz mono 16-bit PCM: a WAV any browser plays. */
function wav(): Buffer {
  const samples = 4000;
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** The player of `name` inside `scope` once its file is there: its source and how long it lasts. */
async function player(page: Page, scope: string, name: string) {
  const audio = page.locator(`${scope} audio[data-media="${name}"]`);
  await audio.waitFor({ state: 'attached' });
  await page.waitForFunction(
    (selector) => (document.querySelector(selector) as HTMLAudioElement | null)?.src.startsWith('blob:'),
    `${scope} audio[data-media="${name}"]`,
  );
  return audio;
}

test("a card's sound plays: the file on My Cards and in a session, where R plays it again", async () => {
  const { page, context, errors } = await site.learner();
  const token = await accessToken(page);
  const upload = await page.request.post('/api/media?name=hello.wav', {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'audio/wav' },
    data: wav(),
  });
  expect(upload.status()).toBe(201);
  expect(await upload.json()).toMatchObject({ name: 'hello.wav', mime: 'audio/wav' });
  await site.callAs(page, 'POST', '/cards', { question: 'Say hello [sound:hello.wav]', answer: 'Bonjour' });

  await page.goto('/cards');
  const tileSound = await player(page, '.cards-tile', 'hello.wav');
  expect(await tileSound.getAttribute('controls')).not.toBeNull();
  // Played, the blob: URL is the uploaded half second (the page's CSP lets no script fetch it).
  await page.keyboard.press('Tab'); // a gesture of the page's user, as a click would be
  await tileSound.evaluate((audio: HTMLAudioElement) => audio.play());
  await page.waitForFunction(() => {
    const audio = document.querySelector('.cards-tile audio') as HTMLAudioElement | null;
    return audio !== null && audio.duration > 0;
  });
  expect(await tileSound.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(0.5, 1);

  await page.goto('/study');
  await page.getByRole('region', { name: 'New Cards' }).getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');
  const sound = await player(page, '.study-card', 'hello.wav');
  // R (a key press: the page has its user's gesture) plays the question's sound.
  await page.keyboard.press('r');
  await page.waitForFunction(() => {
    const audio = document.querySelector('.study-card audio') as HTMLAudioElement | null;
    return audio !== null && (!audio.paused || audio.ended) && audio.currentTime > 0;
  });
  expect(await sound.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(0.5, 1);
  // R did not answer the card.
  await page.getByRole('button', { name: 'Reveal Answer' }).waitFor();

  const problems = await audit(page, 'sound session', {
    each: (size, theme) =>
      page.screenshot({ path: `${SHOTS}/sounds-session-${size.name}-${theme}.png` }).then(() => undefined),
  });
  await setTheme(page, 'light');
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
