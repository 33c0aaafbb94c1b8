// Local settings (spec: never saved). Each control writes to the shell's settings store at once,
// so Dark mode switches the theme immediately; Save Changes deliberately does nothing.
import { useState, type ReactNode } from 'react';
import { useAuthStore } from '@flashcard/shared-auth';
import {
  LANGUAGES,
  STUDY_GOAL_MAX,
  STUDY_GOAL_MIN,
  useSettingsStore,
  type Language,
  type LocalSettings,
} from './settingsStore';

export const LOCAL_ONLY_NOTE = 'Settings apply to this device only and are not saved to your account.';

type BooleanSetting = { [K in keyof LocalSettings]: LocalSettings[K] extends boolean ? K : never }[keyof LocalSettings];

function Toggle({ setting, label }: { setting: BooleanSetting; label: string }) {
  const checked = useSettingsStore((s) => s.settings[setting]);
  const update = useSettingsStore((s) => s.update);
  const id = `setting-${setting}`;
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => update({ [setting]: e.target.checked })} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function SettingsPage() {
  const user = useAuthStore((s) => s.user);
  const studyGoal = useSettingsStore((s) => s.settings.studyGoal);
  const language = useSettingsStore((s) => s.settings.language);
  const update = useSettingsStore((s) => s.update);
  // Display name is editable here but, like everything on this page, not sent anywhere.
  const [displayName, setDisplayName] = useState(user?.display_name ?? '');

  return (
    <div className="page" style={{ maxWidth: 760 }}>
      <div className="page-header">
        <h1>Settings</h1>
      </div>

      <div className="stack">
        <Section id="settings-profile" title="Profile">
          <div className="field">
            <label htmlFor="settings-display-name">Display name</label>
            <input
              id="settings-display-name"
              type="text"
              autoComplete="nickname"
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          </div>
          <div className="field" style={{ marginBottom: 0 }}>
            <label htmlFor="settings-email">Email</label>
            <input id="settings-email" type="email" value={user?.email ?? ''} readOnly />
          </div>
        </Section>

        <Section id="settings-notifications" title="Notifications">
          <Toggle setting="emailNotifications" label="Email notifications" />
          <Toggle setting="pushNotifications" label="Push notifications" />
          <Toggle setting="studyReminders" label="Study reminders" />
        </Section>

        <Section id="settings-study" title="Study Preferences">
          <Toggle setting="darkMode" label="Dark mode" />
          <Toggle setting="autoplay" label="Autoplay" />

          <div className="field">
            <label htmlFor="settings-study-goal">Daily goal</label>
            <div className="settings-range">
              <input
                id="settings-study-goal"
                type="range"
                min={STUDY_GOAL_MIN}
                max={STUDY_GOAL_MAX}
                step={1}
                value={studyGoal}
                aria-valuetext={`${studyGoal} cards per day`}
                onChange={(e) => update({ studyGoal: Number(e.target.value) })}
              />
              <output htmlFor="settings-study-goal" aria-live="polite">
                {studyGoal} cards
              </output>
            </div>
          </div>

          <div className="field" style={{ marginBottom: 0 }}>
            <label htmlFor="settings-language">Language</label>
            <select
              id="settings-language"
              value={language}
              onChange={(e) => update({ language: e.target.value as Language })}
            >
              {LANGUAGES.map((option) => (
                <option key={option.value} value={option.value} lang={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </Section>

        <div className="row">
          {/* Spec: settings are local and Save Changes does nothing; the note says so honestly. */}
          <button type="button" className="btn btn-primary" aria-describedby="settings-local-note">
            Save Changes
          </button>
          <p id="settings-local-note" className="muted" style={{ margin: 0 }}>
            {LOCAL_ONLY_NOTE}
          </p>
        </div>
      </div>
    </div>
  );
}
