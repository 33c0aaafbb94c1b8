// Studying with the network off: after one online visit, /study opens offline and a new-card
// and a review session run from the saved queue, each rating scheduled in the browser and kept
// in the outbox with its key and time; back online every rating reaches the server once, at the
// time it was made; two devices reviewing one card offline both end up in its history.
import Database from 'better-sqlite3';
import { join } from 'path';
import type { BrowserContext, Page } from 'playwright-core';
import { audit } from '../src/axe';
import { controlledByWorker, releasesKept, testSite, uniqueEmail, waitUntil } from '../src/harness';

const site = testSite();

interface QueuedRating {
  idempotencyKey: string;
  cardId: number;
  result: number;
  reviewedAt: string;
}

interface StoredReview {
  card_id: number;
  rating: number;
  reviewed_at: string;
  idempotency_key: string;
}

/** A read of the product's own database (SQLite in the browser tests). */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(site.product.dataDir, 'flashcards.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Every review the server holds for the account, oldest first. */
const storedReviews = (email: string) =>
  query<StoredReview>(
    `SELECT l.card_id, l.rating, l.reviewed_at, l.idempotency_key FROM review_logs l
     JOIN users u ON u.id = l.user_id WHERE u.email = ? ORDER BY l.reviewed_at, l.id`,
    email,
  );

/** A card's scheduling columns as the server holds them (state: ts-fsrs's number, 2 = review). */
const storedCard = (id: number) =>
  query<{ repetitions: number; state: number }>('SELECT repetitions, state FROM cards WHERE id = ?', id)[0];

/** The ratings waiting in the page's outbox (IndexedDB), oldest first. */
function outbox(page: Page): Promise<QueuedRating[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedRating[]>((resolve, reject) => {
        const open = indexedDB.open('flashcard-study');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as QueuedRating[]);
          };
        };
      }),
  );
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: /reviews? waiting to sync|Syncing/ });
const waiting = (page: Page, count: number) =>
  banner(page)
    .getByText(`Offline — ${count} ${count === 1 ? 'review' : 'reviews'} waiting to sync`, { exact: true })
    .waitFor();

/** A learner with `count` new cards, signed in on the study hub, its area kept by the worker. */
async function learnerOnHub(email: string, count: number): Promise<{ page: Page; context: BrowserContext }> {
  const { token } = await site.register({ email });
  for (let i = 1; i <= count; i++)
    await site.call(token, 'POST', '/cards', { question: `Offline question ${i}`, answer: `Offline answer ${i}` });
  return openHub(email);
}

async function openHub(email: string): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await site.signedIn(email);
  await controlledByWorker(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Study', exact: true }).click();
  await page.getByRole('region', { name: 'New Cards' }).locator('.stat-value').waitFor();
  await waitUntil(
    async () => (await releasesKept(page)).some((folder) => folder.startsWith('/remotes/mfe_study/')),
    60_000,
    'the worker to keep the study area',
  );
  return { page, context };
}

/** Shows the answer and rates it with digit `key`; waits for the next card or the end. */
async function rateWith(page: Page, key: string) {
  await page.getByRole('article', { name: 'Flashcard' }).waitFor();
  await page.keyboard.press('Space');
  await page.getByRole('group', { name: 'Rate your answer' }).waitFor();
  await page.keyboard.press(key);
}

test('after one online visit, a new-card and a review session run offline; online again every rating is stored once, at its own time', async () => {
  const email = uniqueEmail('offline-study');
  const { page, context } = await learnerOnHub(email, 3);

  await context.setOffline(true);
  expect((await page.reload())?.fromServiceWorker()).toBe(true);
  await page.getByRole('heading', { name: 'Study', exact: true }).waitFor();
  await waiting(page, 0);
  await expect(
    banner(page)
      .getByText(/^Showing the cards saved at /)
      .count(),
  ).resolves.toBe(1);

  // New cards: Hard, Good, Easy (keys 1-3). The intervals on the buttons come from the browser.
  await page.getByRole('button', { name: 'Learn New Cards' }).click();
  for (const key of ['1', '2', '3']) await rateWith(page, key);
  // Hard and Good left two cards on a learning step within the learn-ahead: they come back in
  // this session (learning steps); the learner leaves it here and reviews them instead.
  await page.getByText('Again: back for another try').waitFor();
  await waiting(page, 3);

  // Hard and Good left two cards in learning, due within the learn-ahead: a review session.
  await page.getByRole('link', { name: 'Back to Study' }).click();
  await page.getByRole('button', { name: 'Start Review Session' }).click();
  // Good on each card until the session ends: a card still learning comes back within it.
  const complete = page.getByRole('heading', { name: 'Session Complete!' });
  let reviews = 0;
  for (;;) {
    await Promise.race([complete.waitFor(), page.getByRole('button', { name: 'Show Answer' }).waitFor()]);
    if (await complete.isVisible()) break;
    expect(reviews).toBeLessThan(8);
    await rateWith(page, '3');
    reviews++;
  }
  expect(reviews).toBeGreaterThanOrEqual(2);
  const made = 3 + reviews;
  await waiting(page, made);
  // The offline banner and the top bar's "Offline" are read and seen like the rest of the page.
  await page.getByText('Offline', { exact: true }).waitFor();
  expect(await audit(page, 'offline study')).toEqual([]);
  const queued = await outbox(page);
  expect(queued).toHaveLength(made);
  expect(storedReviews(email)).toEqual([]);

  // Online: the outbox goes out in order, the banner goes away, the server has each rating once
  // with the time it was made offline.
  await context.setOffline(false);
  await banner(page).waitFor({ state: 'hidden', timeout: 30_000 });
  const stored = storedReviews(email);
  expect(stored.map((review) => review.idempotency_key).sort()).toEqual(queued.map((r) => r.idempotencyKey).sort());
  const byKey = new Map(stored.map((review) => [review.idempotency_key, review]));
  for (const rating of queued) {
    expect(byKey.get(rating.idempotencyKey)).toMatchObject({
      card_id: rating.cardId,
      rating: rating.result + 1,
      reviewed_at: rating.reviewedAt,
    });
  }
  expect(await outbox(page)).toEqual([]);

  // A second load online sends nothing twice.
  await page.reload();
  await page.getByRole('heading', { name: 'Study', exact: true }).waitFor();
  await page.getByRole('region', { name: 'Due for Review' }).locator('.stat-value').waitFor();
  expect(storedReviews(email)).toHaveLength(made);
  await context.close();
});

test('two devices rate the same card offline: both ratings are in its history, in time order', async () => {
  const email = uniqueEmail('two-devices');
  const first = await learnerOnHub(email, 1);
  const second = await openHub(email);
  for (const device of [first, second]) await device.context.setOffline(true);

  // Hard on the first device, then Easy on the second (the new-card session's keys 1 and 3).
  for (const [device, key] of [
    [first, '1'],
    [second, '3'],
  ] as const) {
    await device.page.getByRole('button', { name: 'Learn New Cards' }).click();
    await rateWith(device.page, key);
    // Easy graduates the card; Hard keeps it on its first learning step, back in the session.
    await device.page
      .getByRole('heading', { name: 'New Cards Learned!' })
      .or(device.page.getByText('Again: back for another try'))
      .waitFor();
    await waiting(device.page, 1);
  }
  const [earlier] = await outbox(first.page);
  const [later] = await outbox(second.page);
  expect(Date.parse(later.reviewedAt)).toBeGreaterThan(Date.parse(earlier.reviewedAt));

  // The later rating reaches the server first; the earlier one then takes its place before it.
  await second.context.setOffline(false);
  await banner(second.page).waitFor({ state: 'hidden', timeout: 30_000 });
  await first.context.setOffline(false);
  await banner(first.page).waitFor({ state: 'hidden', timeout: 30_000 });
  expect(storedReviews(email)).toEqual([
    { card_id: earlier.cardId, rating: 2, reviewed_at: earlier.reviewedAt, idempotency_key: earlier.idempotencyKey },
    { card_id: later.cardId, rating: 4, reviewed_at: later.reviewedAt, idempotency_key: later.idempotencyKey },
  ]);
  // The card's schedule is that history replayed: two repetitions, the last an Easy.
  expect(storedCard(earlier.cardId)).toEqual({ repetitions: 2, state: 2 });
  for (const device of [first, second]) await device.context.close();
});
