// The account as a learner and an administrator use it: settings saved on the server and found
// on another browser, the whole page in French, two learners who become friends and see each
// other's finished sessions, an admin who promotes and disables accounts.
import type { Page } from 'playwright-core';
import { accessToken, PASSWORD, signIn, signOut, testSite, uniqueEmail } from '../src/harness';

const site = testSite();

/** The sidebar; its own name follows the language too. */
const nav = (page: Page, name = 'Main') => page.getByRole('navigation', { name });

async function openSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('heading', { level: 1 }).waitFor();
}

test('settings saved in one browser are there after signing in on another', async () => {
  const first = await site.learner();
  await openSettings(first.page);
  await first.page.getByLabel('Display name').fill('Grace Hopper');
  await first.page.getByRole('slider', { name: 'Daily goal' }).fill('40');
  await first.page.getByRole('checkbox', { name: 'Dark mode' }).check();
  await first.page.getByRole('checkbox', { name: 'Study reminders' }).uncheck();
  await first.page.getByRole('button', { name: 'Save Changes' }).click();
  await first.page.getByText('Settings saved').waitFor();

  // The study goal is the hub's and the dashboard's.
  await first.page.goto('/dashboard');
  await first.page.getByText('/40', { exact: false }).first().waitFor();

  const second = await site.signedIn(first.email);
  await second.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await openSettings(second.page);
  await expect(second.page.getByLabel('Display name').inputValue()).resolves.toBe('Grace Hopper');
  await expect(second.page.getByRole('slider', { name: 'Daily goal' }).inputValue()).resolves.toBe('40');
  await expect(second.page.getByRole('checkbox', { name: 'Dark mode' }).isChecked()).resolves.toBe(true);
  await expect(second.page.getByRole('checkbox', { name: 'Study reminders' }).isChecked()).resolves.toBe(false);
  // The avatar follows the new name.
  await expect(second.page.getByRole('button', { name: 'User menu' }).innerText()).resolves.toContain('G');

  expect([...first.errors, ...second.errors]).toEqual([]);
  await first.context.close();
  await second.context.close();
});

test('choosing Français translates the navigation and the cards screen, and stays after a reload', async () => {
  const { page, context, errors } = await site.learner();
  await site.callAs(page, 'POST', '/cards', { question: 'Quelle est la capitale du Japon ?', answer: 'Tokyo' });
  await openSettings(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  // The preview switches at once; saving keeps it.
  await page.getByRole('heading', { name: 'Paramètres' }).waitFor();
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await page.getByText('Paramètres enregistrés').waitFor();
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');

  await nav(page, 'Principale').getByRole('link', { name: 'Tableau de bord' }).waitFor();
  await nav(page, 'Principale').getByRole('link', { name: 'Mes cartes' }).click();
  await page.waitForURL('**/cards');
  await page.getByRole('heading', { name: 'Mes cartes', level: 1 }).waitFor();
  await page.getByText('Quelle est la capitale du Japon ?').waitFor();
  await expect(page.getByText('My Cards', { exact: true }).count()).resolves.toBe(0);

  await page.reload();
  await nav(page, 'Principale').getByRole('link', { name: 'Mes cartes' }).waitFor();
  await page.getByRole('heading', { name: 'Mes cartes', level: 1 }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('two learners become friends and each sees the other finish a session in the feed', async () => {
  const ada = await site.learner();
  const bob = await site.learner();
  await site.callAs(ada.page, 'PUT', '/user/profile', { displayName: 'Ada Feed' });
  await site.callAs(bob.page, 'PUT', '/user/profile', { displayName: 'Bob Feed' });

  // Ada finds Bob by name and sends a request.
  await ada.page.goto('/social');
  await ada.page.getByLabel('Search learners by name').fill('Bob Feed');
  await ada.page.getByRole('button', { name: 'Search', exact: true }).click();
  await ada.page.getByRole('button', { name: 'Add friend: Bob Feed' }).click();
  // Exact: the toast "Friend request sent" holds these words too, and may still be showing.
  await ada.page.getByText('Request sent', { exact: true }).waitFor();

  // Bob sees it (and the bell says so), and accepts.
  await bob.page.goto('/social');
  await bob.page.getByRole('button', { name: 'Accept Ada Feed' }).click();
  await bob.page.getByRole('region', { name: 'Friends' }).getByText('Ada Feed').waitFor();
  expect(bob.email).toContain('@');

  // Each finishes a practice session (the study screens' calls): a session counts distinct cards.
  for (const [learner, cards] of [
    [ada.page, 3],
    [bob.page, 2],
  ] as const) {
    const { sessionId } = await site.callAs(learner, 'POST', '/dashboard/session/start', { session_type: 'practice' });
    for (let i = 0; i < cards; i++) {
      const card = await site.callAs(learner, 'POST', '/cards', { question: `Q${i}`, answer: 'A' });
      const studied = { sessionId, cardId: card.id, correct: true };
      expect((await site.requestAs(learner, 'POST', '/dashboard/session/card-study', studied)).status).toBe(200);
    }
    expect((await site.requestAs(learner, 'POST', '/dashboard/session/end', { sessionId })).status).toBe(200);
  }

  await ada.page.reload();
  await ada.page
    .getByRole('list', { name: 'Activity feed' })
    .getByText('Bob Feed finished a study session: 2 cards, 100% correct')
    .waitFor();
  await bob.page.reload();
  await bob.page
    .getByRole('list', { name: 'Activity feed' })
    .getByText('Ada Feed finished a study session: 3 cards, 100% correct')
    .waitFor();

  expect([...ada.errors, ...bob.errors]).toEqual([]);
  await ada.context.close();
  await bob.context.close();
});

test('a super admin promotes a learner, who then sees Admin; a disabled account can no longer call the API', async () => {
  const boss = await site.learner();
  const bossEmail = boss.email;
  await site.product.setRole(bossEmail, 'super_admin');
  const learner = await site.learner(uniqueEmail('promoted'));
  const learnerEmail = learner.email;
  await expect(nav(learner.page).getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);

  // A role reaches the shell with the next sign-in.
  await signOut(boss.page);
  await signIn(boss.page, bossEmail);
  await boss.page.waitForURL('**/dashboard');
  await boss.page.goto('/admin/users');
  await boss.page.getByLabel('Search by e-mail or name').fill(learnerEmail);
  await boss.page.getByRole('button', { name: 'Search', exact: true }).click();
  await boss.page.getByRole('combobox', { name: `Role of ${learnerEmail}` }).selectOption('admin');
  await boss.page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await boss.page.getByText('is now Admin').first().waitFor();

  // The learner's next sign-in carries the new role.
  await signOut(learner.page);
  await signIn(learner.page, learnerEmail);
  await learner.page.waitForURL('**/dashboard');
  await nav(learner.page).getByRole('link', { name: 'Admin' }).click();
  await learner.page.waitForURL('**/admin');
  await learner.page.getByRole('table').waitFor();

  // Disabled: the token the learner still holds stops working within a second or so (and the
  // session cookie gets no new one).
  const held = await accessToken(learner.page);
  await boss.page.getByRole('button', { name: `Disable ${learnerEmail}` }).click();
  await boss.page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await boss.page.getByText('is disabled').first().waitFor();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const refused = await site.request(held, 'GET', '/cards');
  expect(refused.status).toBe(401);
  expect(Object.keys(refused.body)).toEqual(['error']);
  await expect(accessToken(learner.page)).rejects.toThrow(/401/);

  // And signing in again is refused with the reason.
  const login = await site.request(null, 'POST', '/auth/login', { email: learnerEmail, password: PASSWORD });
  expect(login.status).toBe(403);
  expect(login.body).toEqual({ error: 'This account is disabled' });

  expect([...boss.errors, ...learner.errors]).toEqual([]);
  await boss.context.close();
  await learner.context.close();
});
