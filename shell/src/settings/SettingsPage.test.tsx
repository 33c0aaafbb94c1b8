import '@testing-library/jest-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { authApi, dashboardApi, type User } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { ShellProviders } from '../ShellProviders';
import { SettingsPage } from './SettingsPage';
import { DEFAULT_SETTINGS, THEME_STORAGE_KEY, readStoredDarkMode, useSettingsStore } from './settingsStore';
import type * as SettingsStoreModule from './settingsStore';

const user: User = { id: 1, email: 'ada@example.com', display_name: 'Ada', role: 'user', created_at: '2024-01-01T00:00:00Z' };

// ShellProviders mounts useApplyTheme, the same as in the app.
async function renderSettings() {
  const view = render(
    <MemoryRouter initialEntries={['/settings']}>
      <ShellProviders>
        <SettingsPage />
      </ShellProviders>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Settings' });
  return view;
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS } });
  useAuthStore.setState({ user, token: 't', isAuthenticated: true, isLoading: false, error: null });
  jest.spyOn(authApi, 'me').mockResolvedValue({ success: true, user });
});

afterEach(() => jest.restoreAllMocks());

describe('SettingsPage', () => {
  it('prefills the profile from the signed-in user, e-mail read-only', async () => {
    await renderSettings();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByLabelText('Display name')).toHaveValue('Ada');
    expect(within(profile).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(profile).getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it('starts from the spec defaults', async () => {
    await renderSettings();
    expect(screen.getByRole('checkbox', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Study reminders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dark mode' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Autoplay' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Daily goal' })).toHaveValue('15');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('switches the theme at once and remembers only dark mode', async () => {
    await renderSettings();
    expect(document.documentElement.dataset.theme).toBe('light');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredDarkMode()).toBe(true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Push notifications' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('toggles the notification settings', async () => {
    await renderSettings();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Push notifications' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Email notifications' }));
    expect(useSettingsStore.getState().settings).toMatchObject({ pushNotifications: true, emailNotifications: false });
  });

  it('has a daily-goal slider from 5 to 50 with a visible value', async () => {
    await renderSettings();
    const slider = screen.getByRole('slider', { name: 'Daily goal' });
    expect(slider).toHaveAttribute('min', '5');
    expect(slider).toHaveAttribute('max', '50');
    expect(screen.getByText('15 cards')).toBeInTheDocument();

    fireEvent.change(slider, { target: { value: '30' } });
    expect(screen.getByText('30 cards')).toBeInTheDocument();
    expect(useSettingsStore.getState().settings.studyGoal).toBe(30);

    // The browser clamps a range input to its bounds.
    fireEvent.change(slider, { target: { value: '80' } });
    expect(useSettingsStore.getState().settings.studyGoal).toBe(50);
    fireEvent.change(slider, { target: { value: '1' } });
    expect(useSettingsStore.getState().settings.studyGoal).toBe(5);
  });

  it('offers the five languages by name', async () => {
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
    expect(select).toHaveValue('fr');
    expect(useSettingsStore.getState().settings.language).toBe('fr');
  });

  it('Save Changes sends nothing anywhere', async () => {
    const getDashboard = jest.spyOn(dashboardApi, 'getDashboard');
    await renderSettings();
    const before = useSettingsStore.getState().settings;
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(useSettingsStore.getState().settings).toBe(before);
    expect(getDashboard).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveAccessibleDescription(
      'Settings apply to this device only and are not saved to your account.',
    );
  });

  it('restores a remembered dark theme on the next page load', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    jest.isolateModules(() => {
      // A fresh module instance is what a reload gets.
      const fresh = require('./settingsStore') as typeof SettingsStoreModule;
      expect(fresh.useSettingsStore.getState().settings).toEqual({ ...DEFAULT_SETTINGS, darkMode: true });
    });
  });

  it('labels every input', async () => {
    const { container } = await renderSettings();
    for (const input of container.querySelectorAll('input, select')) {
      expect(input).toHaveAccessibleName();
    }
  });
});
