// Privacy on the Social screen: a friend request by e-mail shows its
// sender only the address, pending, whether or not anyone uses it, and reaches the learner who
// does; a learner who chose "Nobody" is found by no search and their profile reads as missing.
import { testSite, uniqueEmail } from '../src/harness';

const site = testSite();

test('a request by e-mail shows pending by its address, known or not, and reaches only who uses it', async () => {
  const ada = await site.learner();
  const bob = await site.learner();
  const bobEmail = bob.email;
  await site.callAs(ada.page, 'PUT', '/user/profile', { displayName: 'Ada Mail' });
  await site.callAs(bob.page, 'PUT', '/user/profile', { displayName: 'Bob Mail' });
  const nobody = uniqueEmail('nobody');

  await ada.page.goto('/social');
  const email = ada.page.getByLabel('Send a friend request by e-mail');
  for (const address of [nobody, bobEmail]) {
    await email.fill(address);
    await ada.page.getByRole('button', { name: 'Send request' }).click();
    await ada.page.getByRole('list', { name: 'Outgoing requests' }).getByText(address).waitFor();
  }
  const outgoing = ada.page.getByRole('list', { name: 'Outgoing requests' }).getByRole('listitem');
  await expect(outgoing.allTextContents()).resolves.toEqual([`${bobEmail}PendingCancel`, `${nobody}PendingCancel`]);
  await expect(ada.page.getByRole('alert').count()).resolves.toBe(0);

  // Bob sees who asked; accepting names him to Ada.
  await bob.page.goto('/social');
  await bob.page.getByRole('button', { name: 'Accept Ada Mail' }).click();
  await bob.page.getByRole('region', { name: 'Friends' }).getByText('Ada Mail').waitFor();
  await ada.page.reload();
  await ada.page.getByRole('region', { name: 'Friends' }).getByText('Bob Mail').waitFor();
  await expect(
    ada.page.getByRole('list', { name: 'Outgoing requests' }).getByRole('listitem').allTextContents(),
  ).resolves.toEqual([`${nobody}PendingCancel`]);

  expect([...ada.errors, ...bob.errors]).toEqual([]);
  await ada.context.close();
  await bob.context.close();
});

test('a learner who chose "Nobody" is found by no one, and their profile reads as missing', async () => {
  const cleo = await site.learner();
  const dan = await site.learner();
  const name = `Cleo Hidden ${Date.now()}`;
  await site.callAs(cleo.page, 'PUT', '/user/profile', { displayName: name });
  const cleoId: number = (await site.callAs(cleo.page, 'GET', '/auth/me')).user.id;

  await cleo.page.goto('/social');
  await cleo.page.getByLabel('Who can find me and see my profile').selectOption('nobody');
  await cleo.page.getByRole('button', { name: 'Save', exact: true }).click();
  await cleo.page.getByText('Privacy setting saved').waitFor();

  await dan.page.goto('/social');
  await dan.page.getByLabel('Search learners by name').fill(name);
  await dan.page.getByRole('button', { name: 'Search', exact: true }).click();
  await dan.page.getByText('No learners found.').waitFor();
  await dan.page.goto(`/profile/${cleoId}`);
  await dan.page.getByRole('alert').getByText('This profile does not exist or is private').waitFor();
  await dan.page.goto('/profile/99999999');
  await dan.page.getByRole('alert').getByText('This profile does not exist or is private').waitFor();

  expect([...cleo.errors, ...dan.errors]).toEqual([]);
  await cleo.context.close();
  await dan.context.close();
});
