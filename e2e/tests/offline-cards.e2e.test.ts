// My Cards with the network off: after one online visit the list opens offline from what the
// browser kept; a card created and another edited there wait in the outbox with their key and
// time, shown at once; back online both reach the server, the new card once. Offline, a search in
// the server's syntax is read and evaluated over the kept cards, a query it cannot read says where.
// An offline edit of a card another device changed later keeps that later change, and the page says so.
import type { BrowserContext, Page } from 'playwright-core';
import { audit } from '../src/axe';
import { controlledByWorker, releasesKept, testSite, uniqueEmail, waitUntil } from '../src/harness';

const site = testSite();

interface ServerCard {
  id: number;
  question: string;
  answer: string;
}

interface QueuedChange {
  kind: 'create' | 'edit';
  idempotencyKey: string;
  editedAt: string;
}

/** What the page keeps in its cards database (IndexedDB): a store's rows. */
function stored<T>(page: Page, store: 'lists' | 'outbox'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('flashcard-cards');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
        };
      }),
    store,
  );
}

const banner = (page: Page) => page.locator('.cards-offline');
const waiting = (page: Page, count: number) =>
  banner(page)
    .getByText(`Offline — ${count} ${count === 1 ? 'change' : 'changes'} waiting to sync`, { exact: true })
    .waitFor();
const tile = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Cards' }).getByRole('listitem').filter({ hasText: text });

/** The learner's cards as the server holds them. */
const serverCards = (page: Page) => site.callAs<ServerCard[]>(page, 'GET', '/cards?limit=1000');

/** `email`'s My Cards, opened online once: the worker keeps the area, the page its list. */
async function myCardsOnline(email: string, cards: number): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await site.signedIn(email);
  await controlledByWorker(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Cards', exact: true }).click();
  await page.getByText(`Showing ${cards} card(s)`, { exact: true }).waitFor();
  await waitUntil(
    async () => (await releasesKept(page)).some((folder) => folder.startsWith('/remotes/mfe_cards/')),
    60_000,
    'the worker to keep the cards area',
  );
  await waitUntil(
    async () => (await stored<{ cards: unknown[] }>(page, 'lists'))[0]?.cards.length === cards,
    10_000,
    'the page to keep the list',
  );
  return { page, context };
}

async function saveCard(page: Page, title: 'Create New Card' | 'Edit Card', fields: Record<string, string>) {
  const dialog = page.getByRole('dialog', { name: title });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: title === 'Create New Card' ? 'Create Card' : 'Save Changes' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('after one online visit, My Cards opens offline; a card created and one edited there reach the server once online, the new one once', async () => {
  const email = uniqueEmail('offline-cards');
  const { token } = await site.register({ email });
  await site.call(token, 'POST', '/cards', { question: 'Capital of France?', answer: 'Paris' });
  await site.call(token, 'POST', '/cards', { question: 'Capital of Spain?', answer: 'Madrid' });
  const { page, context } = await myCardsOnline(email, 2);
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));

  await context.setOffline(true);
  expect((await page.reload())?.fromServiceWorker()).toBe(true);
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  await tile(page, 'Capital of France?').waitFor();
  await tile(page, 'Capital of Spain?').waitFor();
  await waiting(page, 0);
  expect(
    await banner(page)
      .getByText(/^Showing the cards saved at /)
      .count(),
  ).toBe(1);

  // Search in the server's syntax over the kept cards: a phrase, then a query it cannot read.
  const searchbox = page.getByRole('searchbox', { name: 'Search cards' });
  await searchbox.fill('"capital of spain" -is:suspended');
  await searchbox.press('Enter');
  await tile(page, 'Capital of France?').waitFor({ state: 'hidden' });
  await tile(page, 'Capital of Spain?').waitFor();
  await searchbox.fill('capital (');
  await searchbox.press('Enter');
  await page.getByRole('alert').getByText('This search cannot be read: Unclosed "(" at position 9').waitFor();
  await searchbox.fill('');
  await searchbox.press('Enter');
  await tile(page, 'Capital of France?').waitFor();

  await page.getByRole('button', { name: 'Add New Card' }).click();
  await saveCard(page, 'Create New Card', { Question: 'Capital of Italy?', Answer: 'Rome' });
  await tile(page, 'Capital of Italy?').getByText('Waiting to sync').waitFor();
  await waiting(page, 1);

  await page.getByRole('button', { name: 'Edit card: Capital of Spain?' }).click();
  await saveCard(page, 'Edit Card', { Answer: 'Madrid (since 1561)' });
  await tile(page, 'Madrid (since 1561)').getByText('Waiting to sync').waitFor();
  await waiting(page, 2);
  // The banner, the tiles' "Waiting to sync" and the top bar's "Offline" pass axe like the rest.
  expect(await audit(page, 'offline cards')).toEqual([]);
  const queued = await stored<QueuedChange>(page, 'outbox');
  expect(queued.map((change) => change.kind)).toEqual(['create', 'edit']);

  // Online: the outbox goes out in order and the banner goes away.
  await context.setOffline(false);
  await banner(page).waitFor({ state: 'hidden', timeout: 30_000 });
  expect(await stored(page, 'outbox')).toEqual([]);
  const cards = await serverCards(page);
  expect(cards.map((card) => [card.question, card.answer]).sort()).toEqual([
    ['Capital of France?', 'Paris'],
    ['Capital of Italy?', 'Rome'],
    ['Capital of Spain?', 'Madrid (since 1561)'],
  ]);
  // The list is the server's: the new card under its own id, nothing waiting.
  await page.getByText('Showing 3 card(s)', { exact: true }).waitFor();
  expect(await page.getByText('Waiting to sync').count()).toBe(0);
  const italy = cards.find((card) => card.question === 'Capital of Italy?')!;
  await tile(page, 'Capital of Italy?').getByRole('button', { name: 'Delete card: Capital of Italy?' }).waitFor();

  // A resend of the same create (an answer lost on the way) answers that card and makes none.
  const resend = await fetch(`${site.url}/api/cards`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await site.logIn(email)}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': queued[0].idempotencyKey,
    },
    body: JSON.stringify({ question: 'Capital of Italy?', answer: 'Rome' }),
  });
  expect(resend.status).toBe(201);
  expect(((await resend.json()) as ServerCard).id).toBe(italy.id);
  expect(await serverCards(page)).toHaveLength(3);
  expect(errors).toEqual([]);
  await context.close();
});

test('an offline edit of a card another device changed later keeps that later change, and says so', async () => {
  const email = uniqueEmail('offline-conflict');
  const { token } = await site.register({ email });
  const card = await site.call<ServerCard>(token, 'POST', '/cards', { question: 'Largest ocean?', answer: 'Pacific' });
  const { page, context } = await myCardsOnline(email, 1);

  await context.setOffline(true);
  await page.reload();
  await tile(page, 'Largest ocean?').waitFor();
  await page.getByRole('button', { name: 'Edit card: Largest ocean?' }).click();
  await saveCard(page, 'Edit Card', { Answer: 'Pacific Ocean (this laptop)' });
  await waiting(page, 1);

  // Meanwhile another device edits the same card online.
  await site.call(await site.logIn(email), 'PUT', `/cards/${card.id}`, { answer: 'The Pacific (phone)' });

  await context.setOffline(false);
  await page
    .getByText('1 card was changed later on another device: that later edit was kept, not yours', { exact: true })
    .waitFor({ timeout: 30_000 });
  await banner(page).waitFor({ state: 'hidden' });
  await tile(page, 'The Pacific (phone)').waitFor();
  expect(await page.getByText('Pacific Ocean (this laptop)').count()).toBe(0);
  const [held] = await serverCards(page);
  expect(held.answer).toBe('The Pacific (phone)');
  await context.close();
});
