import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { authApi, DEFAULT_USER_SETTINGS, userApi, type User, type UserSettings } from '@flashcard/api-contract';
import { currentLanguage, setLanguage, useAuthStore } from '@flashcard/shared-auth';
import { ShellProviders } from '../ShellProviders';
import { SettingsPage } from './SettingsPage';
import {
  LANGUAGE_STORAGE_KEY,
  THEME_STORAGE_KEY,
  initialLanguage,
  readStoredDarkMode,
  useSettingsStore,
} from './settings-store';
import type * as SettingsStoreModule from './settings-store';

const user: User = {
  id: 1,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'user',
  created_at: '2024-01-01T00:00:00Z',
};

let server: UserSettings;

// ShellProviders loads the account's settings at sign-in and mounts the theme, as in the app.
async function renderSettings() {
  const view = render(
    <MemoryRouter initialEntries={['/settings']}>
      <ShellProviders>
        <SettingsPage />
      </ShellProviders>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Settings' });
  await waitFor(() => expect(useSettingsStore.getState().status).toBe('ready'));
  return view;
}

beforeEach(async () => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  await setLanguage('en');
  server = { ...DEFAULT_USER_SETTINGS };
  useSettingsStore.setState({ settings: { ...DEFAULT_USER_SETTINGS }, status: 'idle' });
  useAuthStore.setState({ user, isAuthenticated: true, isLoading: false, error: null });
  jest.spyOn(authApi, 'me').mockResolvedValue({ success: true, user });
  jest.spyOn(userApi, 'settings').mockImplementation(async () => ({ ...server }));
  jest.spyOn(userApi, 'updateSettings').mockImplementation(async (patch) => {
    server = { ...server, ...patch } as UserSettings;
    return { ...server };
  });
});

afterEach(async () => {
  jest.restoreAllMocks();
  toast.remove();
  await act(() => setLanguage('en'));
});

describe('SettingsPage', () => {
  it('prefills the profile from the signed-in user, e-mail read-only', async () => {
    await renderSettings();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByLabelText('Display name')).toHaveValue('Ada');
    expect(within(profile).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(profile).getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it('shows the spec defaults for a new account', async () => {
    await renderSettings();
    expect(screen.getByRole('checkbox', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Study reminders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dark mode' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Autoplay' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Daily goal' })).toHaveValue('15');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it("shows the account's time zone and saves a new one, or this device's with one click", async () => {
    server = { ...DEFAULT_USER_SETTINGS, timeZone: 'Asia/Tokyo' };
    await renderSettings();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Asia/Tokyo');
    expect(zone).toHaveAccessibleDescription(/once a day/);

    await userEvent.selectOptions(zone, 'Europe/Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(userApi.updateSettings).toHaveBeenCalledWith({ timeZone: 'Europe/Berlin' }));
    expect(zone).toHaveValue('Europe/Berlin');

    // The device's zone is offered when the account's differs.
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await userEvent.click(screen.getByRole('button', { name: `Use this device's (${device.replace(/_/g, ' ')})` }));
    expect(zone).toHaveValue(device);
    expect(screen.queryByRole('button', { name: /Use this device's/ })).not.toBeInTheDocument();
  });

  it("shows the account's saved settings, loaded at sign-in, and applies theme and language", async () => {
    server = { ...DEFAULT_USER_SETTINGS, studyGoal: 40, darkMode: true, language: 'de', pushNotifications: true };
    await renderSettings();
    expect(screen.getByRole('slider', { name: 'Tagesziel' })).toHaveValue('40');
    expect(screen.getByRole('checkbox', { name: 'Dunkelmodus' })).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(currentLanguage()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('shows no form until the saved settings arrive (a reload never shows the defaults as the account’s)', async () => {
    server = { ...DEFAULT_USER_SETTINGS, studyGoal: 40 };
    let answer: (settings: UserSettings) => void = () => undefined;
    jest.spyOn(userApi, 'settings').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <ShellProviders>
          <SettingsPage />
        </ShellProviders>
      </MemoryRouter>,
    );
    await screen.findByText('Loading your settings...');
    expect(screen.queryByRole('slider', { name: 'Daily goal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await act(async () => answer({ ...server }));
    expect(await screen.findByRole('slider', { name: 'Daily goal' })).toHaveValue('40');
    expect(screen.queryByText('Loading your settings...')).not.toBeInTheDocument();
  });

  it('saves only what changed, with a success message, and the next load sees it', async () => {
    await renderSettings();
    fireEvent.change(screen.getByRole('slider', { name: 'Daily goal' }), { target: { value: '40' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Study reminders' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(userApi.updateSettings).toHaveBeenCalledWith({ studyGoal: 40, studyReminders: false });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(useSettingsStore.getState().settings).toMatchObject({ studyGoal: 40, studyReminders: false });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(server).toMatchObject({ studyGoal: 40, studyReminders: false });
  });

  it('says so when saving fails and keeps the changes to retry', async () => {
    jest.mocked(userApi.updateSettings).mockRejectedValueOnce(new Error('Network error'));
    await renderSettings();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Autoplay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your settings were not saved. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Autoplay' })).not.toBeChecked();
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('previews the dark theme at once and puts the saved one back when left unsaved', async () => {
    const view = await renderSettings();
    expect(document.documentElement.dataset.theme).toBe('light');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    view.unmount();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'light'));
    expect(readStoredDarkMode()).toBe(false);
  });

  it('switches the whole page to the chosen language, and saves it', async () => {
    await renderSettings();
    const select = screen.getByRole('combobox', { name: 'Language' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['en', 'English'],
      ['es', 'Español'],
      ['fr', 'Français'],
      ['de', 'Deutsch'],
      ['it', 'Italiano'],
    ]);
    await userEvent.selectOptions(select, 'fr');
    expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(userApi.updateSettings).toHaveBeenCalledWith({ language: 'fr' });
    expect(await screen.findByText('Paramètres enregistrés')).toBeInTheDocument();
  });

  it('edits the scheduler settings', async () => {
    await renderSettings();
    fireEvent.change(screen.getByRole('slider', { name: 'Desired retention' }), { target: { value: '85' } });
    const perDay = screen.getByRole('spinbutton', { name: 'New cards per day' });
    await userEvent.clear(perDay);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled(); // an empty number
    await userEvent.type(perDay, '35');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(userApi.updateSettings).toHaveBeenCalledWith({ desiredRetention: 0.85, newCardsPerDay: 35 });
  });

  it("shows and edits the default preset's review limit beside the new cards", async () => {
    server = { ...DEFAULT_USER_SETTINGS, maximumReviewsPerDay: 150 };
    await renderSettings();
    const reviews = screen.getByRole('spinbutton', { name: 'Maximum reviews per day' });
    expect(reviews).toHaveValue(150);
    // The two daily limits side by side, in that order.
    expect(reviews.closest('.settings-numbers')).toBe(
      screen.getByRole('spinbutton', { name: 'New cards per day' }).closest('.settings-numbers'),
    );
    await userEvent.clear(reviews);
    expect(reviews).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await userEvent.type(reviews, '0');
    expect(reviews).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(userApi.updateSettings).toHaveBeenCalledWith({ maximumReviewsPerDay: 0 });
    await waitFor(() => expect(useSettingsStore.getState().settings.maximumReviewsPerDay).toBe(0));
  });

  it('changes the display name through the profile call and refreshes the signed-in user', async () => {
    const renamed = { ...user, display_name: 'Ada L.' };
    // The server answers the new name from then on.
    const updateProfile = jest.spyOn(userApi, 'updateProfile').mockImplementation(async () => {
      jest.mocked(authApi.me).mockResolvedValue({ success: true, user: renamed });
      return renamed;
    });
    await renderSettings();
    const name = screen.getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Display name is required');
    expect(updateProfile).not.toHaveBeenCalled();

    await userEvent.type(name, 'Ada L.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(updateProfile).toHaveBeenCalledWith({ displayName: 'Ada L.' });
    await waitFor(() => expect(useAuthStore.getState().user?.display_name).toBe('Ada L.'));
    expect(userApi.updateSettings).not.toHaveBeenCalled();
  });

  it('keeps the keyboard focus on a toggle after it changes', async () => {
    await renderSettings();
    const toggle = screen.getByRole('checkbox', { name: 'Autoplay' });
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Autoplay' })).toHaveFocus();
  });

  it('paints a reload in the last account theme and language', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    jest.isolateModules(() => {
      // A fresh module instance is what a reload gets.
      const fresh = require('./settings-store') as typeof SettingsStoreModule;
      expect(fresh.useSettingsStore.getState().settings).toMatchObject({ darkMode: true, language: 'it' });
    });
    expect(initialLanguage()).toBe('it');
  });

  it('labels every input', async () => {
    const { container } = await renderSettings();
    for (const input of container.querySelectorAll('input, select')) {
      expect(input).toHaveAccessibleName();
    }
  });
});
