// Account recovery in the browser: the product sends its reset e-mail to a real SMTP server
// started here (SMTP_URL), the learner follows the link and signs in with the new password; the
// old password and a second use of the link fail. A disabled learner is told why the session
// ended. axe checks both new pages at a desktop and a phone size in both themes; the pictures
// are in /tmp/shots/recovery-*.png.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { audit, setTheme, SHOTS, sidewaysOverflow } from '../src/axe';
import { PASSWORD, signIn, signOut, signUp, testSite, uniqueEmail, waitUntil } from '../src/harness';

const NEW_PASSWORD = 'violet-kettle-harbour-9';

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => (received.push(mail), callback()),
      (error: Error) => callback(error),
    );
  },
});
const env: Record<string, string> = { MAIL_FROM: 'Flashcards <recovery@e2e.example>' };

// Before the site starts (declared first): the product is started with SMTP_URL pointing here.
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  mkdirSync(SHOTS, { recursive: true });
});
const site = testSite(env);
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const mailsTo = (email: string) =>
  received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email);

async function linkIn(email: string, count = 1): Promise<string> {
  await waitUntil(() => mailsTo(email).length >= count, 15_000, `e-mail number ${count} to ${email}`);
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mailsTo(email)[count - 1]!.text ?? '');
  if (!match) throw new Error('no reset link in the e-mail');
  return match[0];
}

/** The focused element's role and text: where a screen reader's user now is. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    role: document.activeElement?.getAttribute('role'),
    text: document.activeElement?.textContent,
  }));

/** axe at both sizes in both themes (serious and critical violations), with a picture of each. */
async function auditAndShoot(page: Page, name: string): Promise<string[]> {
  const overflows: string[] = [];
  const problems = await audit(page, name, {
    each: async (size, theme) => {
      // Nothing (a long e-mail address) widens the page past the screen.
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflows.push(`${name} ${size.name} ${theme}: ${overflow}px wider than the screen`);
      await page.screenshot({ path: `${SHOTS}/recovery-${name}-${size.name}-${theme}.png`, fullPage: true });
    },
  });
  await setTheme(page, 'light');
  return [...problems, ...overflows];
}

test('forgot password: the e-mailed link sets a new password once; the old one no longer signs in', async () => {
  const { page, context, errors } = await site.session();
  const email = await signUp(page);
  await signOut(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  const problems = await auditAndShoot(page, 'forgot');
  await page.getByLabel('Email').fill(email);
  await page.keyboard.press('Enter');
  const sent = page.getByRole('status').filter({ hasText: `If an account uses ${email}` });
  await sent.waitFor();
  expect(await focused(page)).toMatchObject({ role: 'status' });
  problems.push(...(await auditAndShoot(page, 'forgot-sent')));

  // The link takes the page's own origin (no PUBLIC_URL here) and works once.
  const link = await linkIn(email);
  expect(link.startsWith(`${site.product.url}/reset-password?token=`)).toBe(true);
  const mail = mailsTo(email)[0]!;
  expect(mail.subject).toBe('Reset your Flashcards password');
  expect(mail.from?.value[0]?.address).toBe('recovery@e2e.example');

  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  problems.push(...(await auditAndShoot(page, 'reset')));
  // Sign-up's rules, the spec's texts.
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}-typo`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
  expect(await focused(page)).toMatchObject({ role: 'status' });
  problems.push(...(await auditAndShoot(page, 'reset-done')));

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login');
  await signIn(page, email, NEW_PASSWORD);
  await page.waitForURL('**/dashboard');
  await signOut(page);

  await signIn(page, email, PASSWORD);
  await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  expect(page.url()).toContain('/login');

  // The same link again: refused with the server's reason, focus on it.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-fine-passphrase-4');
  await page.getByLabel('Confirm new password').fill('another-fine-passphrase-4');
  await page.keyboard.press('Enter');
  const used = page.getByRole('alert').filter({ hasText: 'This password reset link has already been used.' });
  await used.waitFor();
  expect(await focused(page)).toMatchObject({ role: 'alert' });
  problems.push(...(await auditAndShoot(page, 'reset-used')));

  // An address nobody uses gets the same answer and no e-mail.
  const nobody = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `If an account uses ${nobody}` })
    .waitFor();

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  expect(mailsTo(nobody)).toEqual([]);
  expect(mailsTo(email)).toHaveLength(1);
  await context.close();
});

test('a learner disabled while signed in is sent to /login told why; signing in shows the server’s message', async () => {
  const learner = await site.learner();
  const { page } = learner;
  const learnerId = (await site.callAs(page, 'GET', '/auth/me')).user.id;
  const { email: adminEmail } = await site.register({ email: uniqueEmail('admin') });
  await site.product.setRole(adminEmail, 'admin');
  const adminToken = await site.logIn(adminEmail);

  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await site.call(adminToken, 'POST', `/admin/users/${learnerId}/disable`);
  // Every instance refuses the account's tokens within a second; the next call meets it: the
  // dashboard's, or one the page makes on its own meanwhile (the bell's), which may already have
  // taken the learner to /login, where no Dashboard link is left to click.
  await page.waitForTimeout(1_200);
  if (!page.url().includes('/login'))
    await page
      .getByRole('link', { name: 'Dashboard' })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => page.waitForURL('**/login'));
  await page.waitForURL('**/login');
  await page.getByRole('alert').filter({ hasText: 'This account has been disabled.' }).waitFor();
  expect(await auditAndShoot(page, 'login-disabled')).toEqual([]);

  await signIn(page, learner.email);
  await page.getByRole('alert').filter({ hasText: 'This account is disabled' }).waitFor();
  expect(await page.getByRole('alert').count()).toBe(1);
  expect(page.url()).toContain('/login');
});
