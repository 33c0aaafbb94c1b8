// The deploy tokens panel against the real contract calls and client (mockKernel answers the
// API from a table), so the paths, methods and bodies are the ones the API receives.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import type { CreateDeployTokenBody, DeployToken } from '@flashcard/api-contract';
import { mockKernel, type MockKernel } from '@flashcard/shared-auth/testing';
import { renderAdminApp } from '../../../test/render';
import { makeOverview, makeToken } from '../../../test/platform';

const SECRET = 'fcd_0123456789abcdef0123456789abcdef';

let kernel: MockKernel;
let tokens: DeployToken[];

function start(role: 'admin' | 'super_admin') {
  tokens = [
    makeToken(5, {
      label: 'cards-team ci',
      remotes: ['mfe_cards', 'mfe_study'],
      lastUsedAt: '2025-01-09T16:00:00.000Z',
      expiresAt: '2099-01-01T00:00:00.000Z',
    }),
    makeToken(4, { label: 'old ci', revokedAt: '2025-01-05T10:00:00.000Z' }),
    makeToken(3, { label: 'short-lived', expiresAt: '2025-01-03T00:00:00.000Z' }),
  ];
  kernel = mockKernel({
    user: { role },
    api: {
      'GET /platform/remotes': { status: 200, data: makeOverview() },
      'GET /platform/tokens': () => ({ status: 200, data: tokens }),
      'GET /platform/services': { status: 200, data: { services: [], events: [] } },
      'POST /platform/tokens': (config) => {
        const body = JSON.parse(String(config.data)) as CreateDeployTokenBody;
        const deployToken = makeToken(6, {
          label: body.label,
          remotes: body.remotes,
          createdAt: '2025-01-11T12:00:00.000Z',
        });
        tokens = [deployToken, ...tokens];
        return { status: 201, data: { token: SECRET, deployToken } };
      },
      'DELETE /platform/tokens/5': () => {
        tokens = tokens.map((token) => (token.id === 5 ? { ...token, revokedAt: '2025-01-11T12:30:00.000Z' } : token));
        return { status: 204 };
      },
    },
  });
}

beforeEach(() => {
  jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => {
  kernel.restore();
  jest.restoreAllMocks();
});

async function openPanel() {
  renderAdminApp('/admin/platform');
  const panel = await screen.findByRole('region', { name: 'Deploy tokens' });
  return panel;
}

const itemOf = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: 'strong' }).closest('li')!;
const factOf = (item: HTMLElement, term: string) => within(item).getByText(term, { selector: 'dt' }).nextElementSibling;
const posts = () => kernel.calls.filter((call) => call.method === 'post');

describe('Deploy tokens', () => {
  it('lists every token: label, remotes, dates and state; only live ones can be revoked', async () => {
    start('super_admin');

    const panel = await openPanel();

    const list = await within(panel).findByRole('list', { name: 'Deploy tokens' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const live = itemOf(list, 'cards-team ci');
    expect(live).toHaveTextContent('Live');
    expect(factOf(live, 'Remotes')).toHaveTextContent('mfe_cards, mfe_study');
    expect(factOf(live, 'Created')!.querySelector('time')).toHaveAttribute('datetime', '2025-01-02T10:00:00.000Z');
    expect(factOf(live, 'Last used')!.querySelector('time')).toHaveAttribute('datetime', '2025-01-09T16:00:00.000Z');
    expect(factOf(live, 'Expires')).toHaveTextContent('Jan 1, 2099');
    expect(within(live).getByRole('button', { name: 'Revoke the token cards-team ci' })).toHaveTextContent('Revoke');

    const revoked = itemOf(list, 'old ci');
    expect(within(revoked).getByText('Revoked', { selector: '.badge' })).toBeInTheDocument();
    expect(factOf(revoked, 'Last used')).toHaveTextContent('Never used');
    expect(factOf(revoked, 'Revoked')!.querySelector('time')).toHaveAttribute('datetime', '2025-01-05T10:00:00.000Z');
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();

    const expired = itemOf(list, 'short-lived');
    expect(within(expired).getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
  });

  it('revokes a token only after confirming, then shows it revoked', async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Deploy tokens' });

    await user.click(
      within(itemOf(list, 'cards-team ci')).getByRole('button', { name: 'Revoke the token cards-team ci' }),
    );
    let dialog = within(panel).getByRole('alertdialog', { name: 'Confirm revoking' });
    expect(dialog).toHaveAccessibleDescription(
      'Revoke the token "cards-team ci"? Release jobs using it are refused at once, on every server.',
    );
    // The safe choice has the focus; cancelling gives it back to Revoke and sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(panel).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(
      within(itemOf(list, 'cards-team ci')).getByRole('button', { name: 'Revoke the token cards-team ci' }),
    ).toHaveFocus();
    expect(kernel.requests()).not.toContain('DELETE /platform/tokens/5');

    await user.click(
      within(itemOf(list, 'cards-team ci')).getByRole('button', { name: 'Revoke the token cards-team ci' }),
    );
    dialog = within(panel).getByRole('alertdialog', { name: 'Confirm revoking' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(kernel.requests().filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /platform/tokens/5']);
    expect(toast.success).toHaveBeenCalledWith('Token "cards-team ci" revoked');
    await waitFor(() =>
      expect(within(itemOf(list, 'cards-team ci')).getByText('Revoked', { selector: '.badge' })).toBeInTheDocument(),
    );
    expect(within(itemOf(list, 'cards-team ci')).queryByRole('button')).not.toBeInTheDocument();
    expect(kernel.requests().filter((r) => r === 'GET /platform/tokens')).toHaveLength(2);
  });

  it('refuses a token with no label or no remote, a bad remote name and a bad expiry, without calling the API', async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    const form = within(panel).getByRole('form', { name: 'New deploy token' });

    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    expect(within(form).getByLabelText('Label')).toHaveAccessibleDescription(/Give the token a label\.$/);
    expect(within(form).getByLabelText('Label')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('group', { name: 'Remotes it may change' })).toHaveAccessibleDescription(
      'Choose or type at least one remote.',
    );

    await user.type(within(form).getByLabelText('Label'), 'quiz-team ci');
    await user.type(within(form).getByLabelText('Other remotes (comma separated)'), 'mfe_quiz, Quiz-App');
    await user.type(within(form).getByLabelText('Expires after (days)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    expect(within(form).getByLabelText('Label')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('Other remotes (comma separated)')).toHaveAccessibleDescription(
      /"Quiz-App" is not a remote name \(lower case letters, digits and _, like mfe_quiz\)\.$/,
    );
    expect(within(form).getByLabelText('Expires after (days)')).toHaveAccessibleDescription(
      /Enter a whole number of days from 1 to 3650, or leave it empty\.$/,
    );
    expect(posts()).toHaveLength(0);
  });

  it('creates a token for chosen and typed remotes, shows it once with Copy, and never again', async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    const form = within(panel).getByRole('form', { name: 'New deploy token' });
    const remotes = within(form).getByRole('group', { name: 'Remotes it may change' });
    // The registry's remotes are offered.
    expect(
      within(remotes)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['mfe_cards', 'mfe_study']);

    await user.type(within(form).getByLabelText('Label'), '  quiz-team ci ');
    await user.click(within(remotes).getByRole('checkbox', { name: 'mfe_cards' }));
    await user.type(within(form).getByLabelText('Other remotes (comma separated)'), 'mfe_quiz mfe_cards');
    await user.type(within(form).getByLabelText('Expires after (days)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0].data))).toEqual({
      label: 'quiz-team ci',
      remotes: ['mfe_cards', 'mfe_quiz'],
      expiresInDays: 30,
    });
    const shown = await within(panel).findByRole('region', { name: 'Token for quiz-team ci' });
    expect(within(shown).getByRole('heading', { name: 'Token for quiz-team ci' })).toHaveFocus();
    expect(within(shown).getByRole('note')).toHaveTextContent(
      'Shown once: copy it now. Only its hash is stored, so it cannot be shown again.',
    );
    expect(within(shown).getByLabelText('Deploy token')).toHaveValue(SECRET);
    expect(toast.success).toHaveBeenCalledWith('Token "quiz-team ci" created');

    await user.click(within(shown).getByRole('button', { name: 'Copy Deploy token' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('status')).toHaveTextContent('Copied');

    // The form is empty again and the list has the new token, without its secret.
    expect(within(form).getByLabelText('Label')).toHaveValue('');
    expect(within(remotes).getByRole('checkbox', { name: 'mfe_cards' })).not.toBeChecked();
    const list = within(panel).getByRole('list', { name: 'Deploy tokens' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(list).not.toHaveTextContent(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Done, I copied it' }));

    expect(within(panel).queryByRole('region', { name: 'Token for quiz-team ci' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('keeps the form filled when the API refuses, and shows no token', async () => {
    start('super_admin');
    kernel.on('POST /platform/tokens', { status: 403, data: { error: 'Forbidden' } });
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const panel = await openPanel();
    const form = within(panel).getByRole('form', { name: 'New deploy token' });

    await user.type(within(form).getByLabelText('Label'), 'quiz-team ci');
    await user.type(within(form).getByLabelText('Other remotes (comma separated)'), 'mfe_quiz');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() => expect(within(form).getByRole('button', { name: 'Create token' })).toBeEnabled());
    expect(posts()).toHaveLength(1);
    expect(within(form).getByLabelText('Label')).toHaveValue('quiz-team ci');
    expect(within(panel).queryByLabelText('Deploy token')).not.toBeInTheDocument();
  });

  it('tells an admin the tokens are for super admins and never asks for them', async () => {
    start('admin');

    const panel = await openPanel();

    expect(within(panel).getByRole('note')).toHaveTextContent('Only super admins can see and manage deploy tokens.');
    expect(within(panel).queryByRole('form')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(kernel.requests().filter((request) => !request.startsWith('GET /platform/services'))).toEqual([
      'GET /platform/remotes',
    ]);
  });
});
