import { PASSWORD, signIn, signOut, signUp, testSite, uniqueEmail } from '../src/harness';

const site = testSite();

test('a visitor is sent to /login; signs up, lands on the dashboard, signs out, signs back in', async () => {
  const { page, context, errors } = await site.session();
  await page.goto('/');
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(true);

  await page.getByRole('link', { name: /sign up/i }).click();
  await page.waitForURL('**/signup');
  const email = await signUp(page);
  await page.getByText(/Welcome/).waitFor();
  // Kernel 2: no token in storage (session.e2e.test.ts proves it thoroughly), only the session
  // hint and the profile an offline start shows, beside the remembered theme, language and
  // registry manifest. Signing out leaves none of them, nor any kept load.
  const sessionKeys = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => !/^flashcard-(theme|language|last-manifest)$/.test(key))
        .sort(),
    );
  // What the dashboard loaded may be kept too (`flashcard_kept:<id>:dashboard`, once its answer is in).
  expect((await sessionKeys()).filter((key) => !key.startsWith('flashcard_kept:'))).toEqual([
    'flashcard_last_user',
    'flashcard_session_hint',
  ]);

  await signOut(page);
  expect(await sessionKeys()).toEqual([]);
  // The registry manifest kept for this learner goes with the session.
  expect(await page.evaluate(() => localStorage.getItem('flashcard-last-manifest'))).toBeNull();

  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  expect(errors).toEqual([]);
  await context.close();
});

test('signup shows the validation messages of the spec', async () => {
  const { page, context } = await site.session();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: /create account/i }).click();
  await page.getByText('Password must be at least 6 characters long').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('long-enough');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: /create account/i }).click();
  await page.getByText('Passwords do not match').waitFor();
  expect(page.url()).toContain('/signup');
  await context.close();
});

test("a password too easy to guess is refused with the server's advice, at sign-up and on the profile", async () => {
  const { page, context } = await site.session();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('aaaaaa');
  await page.getByLabel('Confirm Password').fill('aaaaaa');
  await page.getByRole('button', { name: /create account/i }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Choose a stronger password: Repeated characters like "aaa" are easy to guess.' })
    .waitFor();
  expect(page.url()).toContain('/signup');

  await signUp(page);
  await page.goto('/profile');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm new password').fill('abcdef');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Choose a stronger password: Common character sequences like "abc" are easy to guess.' })
    .waitFor();
  await context.close();
});

test('wrong password shows the server message in a box, no redirect', async () => {
  const { page, context, email } = await site.learner();
  await signOut(page);
  await signIn(page, email, 'not-the-password');
  await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  expect(page.url()).toContain('/login');
  await context.close();
});

test('the guard remembers the page: /progress -> /login -> back to /progress', async () => {
  const { page, context, email } = await site.learner();
  await signOut(page);
  await page.goto('/progress');
  await page.waitForURL('**/login');
  await signIn(page, email);
  await page.waitForURL('**/progress');
  await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
  // A signed-in user opening /login is sent on to the dashboard.
  await page.goto('/login');
  await page.waitForURL('**/dashboard');
  await context.close();
});

test('unknown paths go to /dashboard (and to /login first when signed out)', async () => {
  const { page, context } = await site.session();
  await page.goto('/no/such/page');
  await page.waitForURL('**/login');
  await signUp(page);
  await page.goto('/no/such/page');
  await page.waitForURL('**/dashboard');
  await context.close();
});

test('a password change keeps this device signed in and signs the other devices out', async () => {
  const here = await site.session();
  await here.page.goto('/signup');
  const email = await signUp(here.page);
  await here.page.getByText(/Welcome/).waitFor();
  const there = await site.signedIn(email);

  await here.page.goto('/profile');
  await here.page.getByLabel('Current password').fill(PASSWORD);
  await here.page.getByLabel('New password', { exact: true }).fill('a-brand-new-one-9');
  await here.page.getByLabel('Confirm new password').fill('a-brand-new-one-9');
  await here.page.getByRole('button', { name: 'Change Password' }).click();
  await here.page.getByText('Password changed').waitFor();

  // This device goes on: a screen that calls the API loads, nothing sends it to /login.
  await here.page.goto('/cards');
  await here.page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  expect(here.page.url()).toContain('/cards');
  // The other device's tokens ended: its next call finds the session over.
  await there.page.goto('/cards');
  await there.page.waitForURL('**/login**');
  expect(here.errors).toEqual([]);
  await here.context.close();
  await there.context.close();
});
