// The account's settings, saved on the server. The form edits a draft; the language and dark
// mode are previewed at once (the whole page, every remote included) and fall back to the saved
// values if the page is left unsaved. Save Changes sends what changed and says how it went.
import { useEffect, useMemo, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { parseSteps, STEPS_BOUNDS, STUDY_SETTINGS_BOUNDS, userApi, type UserSettings } from '@flashcard/api-contract';
import { LANGUAGES, isLanguage, useAuthStore } from '@flashcard/shared-auth';
import { Spinner } from '@flashcard/shared-ui';
import { useShellText } from '../i18n';
import { allowBrowserNotifications } from '../layout/browser-notifications';
import { applySettings, useSettingsStore } from './settings-store';

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro && <p className="muted settings-intro">{intro}</p>}
      {children}
    </section>
  );
}

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="checkbox settings-toggle">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <span id={`${id}-hint`} className="muted settings-hint">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

/** A whole number typed into a field: kept as typed, a number only when it is one. */
function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * A labelled text input of the study preferences, kept as typed: marked invalid while `invalid`,
 * its rule (`hint`) read with it; the rest of `input` sets the input's kind.
 */
function Field({
  id,
  label,
  hint,
  invalid,
  text,
  onType,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  invalid: boolean;
  text: string;
  onType: (text: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'max' | 'autoComplete' | 'spellCheck'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onType(e.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="muted settings-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** The whole-number settings, each edited as text, in the page's order. */
const NUMBER_FIELDS = ['newCardsPerDay', 'maximumReviewsPerDay', 'maximumInterval'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
const NUMBER_FIELD_IDS: Record<NumberField, string> = {
  newCardsPerDay: 'settings-new-per-day',
  maximumReviewsPerDay: 'settings-max-reviews-per-day',
  maximumInterval: 'settings-max-interval',
};

function numberTexts(settings: UserSettings): Record<NumberField, string> {
  return {
    newCardsPerDay: String(settings.newCardsPerDay),
    maximumReviewsPerDay: String(settings.maximumReviewsPerDay),
    maximumInterval: String(settings.maximumInterval),
  };
}

/** This device's zone, as the browser names it. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, with the account's own kept even when it is not listed (UTC in some engines). */
function timeZoneNames(current: string): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, deviceTimeZone(), 'UTC', ...names])].sort();
}

/** Where the learner's days begin; the server allows one change a day (it says so when refused). */
function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const t = useShellText();
  const device = deviceTimeZone();
  const names = useMemo(() => timeZoneNames(value), [value]);
  return (
    <div className="field settings-time-zone" style={{ marginBottom: 0 }}>
      <label htmlFor="settings-time-zone">{t('settings.timeZone')}</label>
      <div className="row">
        <select
          id="settings-time-zone"
          value={value}
          aria-describedby="settings-time-zone-hint"
          onChange={(e) => onChange(e.target.value)}
        >
          {names.map((name) => (
            <option key={name} value={name}>
              {name.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        {device !== value && (
          <button type="button" className="btn btn-secondary" onClick={() => onChange(device)}>
            {t('settings.useDeviceTimeZone', { zone: device.replace(/_/g, ' ') })}
          </button>
        )}
      </div>
      <span id="settings-time-zone-hint" className="muted settings-hint">
        {t('settings.timeZoneHint')}
      </span>
    </div>
  );
}

/** The fields of `draft` that differ from `saved`. */
function changes(saved: UserSettings, draft: UserSettings): Partial<UserSettings> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof UserSettings)[]) {
    if (draft[key] !== saved[key]) patch[key] = draft[key];
  }
  return patch as Partial<UserSettings>;
}

export function SettingsPage() {
  const t = useShellText();
  const user = useAuthStore((s) => s.user);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const saved = useSettingsStore((s) => s.settings);
  const status = useSettingsStore((s) => s.status);
  const save = useSettingsStore((s) => s.save);

  const [draft, setDraft] = useState<UserSettings>(saved);
  const [displayName, setDisplayName] = useState(user?.display_name ?? '');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  // The number fields as typed (an emptied field is not a number yet).
  const [numbers, setNumbers] = useState(() => numberTexts(saved));
  const stepsValid =
    parseSteps(draft.learningSteps, STEPS_BOUNDS.learningSteps) !== null &&
    parseSteps(draft.relearningSteps, STEPS_BOUNDS.relearningSteps) !== null;
  const numbersValid = NUMBER_FIELDS.every((key) => wholeNumber(numbers[key]) !== null) && stepsValid;

  // Settings that arrive (sign-in on this device) replace an untouched draft.
  const touched = useRef(false);
  useEffect(() => {
    if (touched.current) return;
    setDraft(saved);
    setNumbers(numberTexts(saved));
  }, [saved]);

  // Leaving without saving puts back the saved look (a previewed language or theme).
  const savedRef = useRef(saved);
  useEffect(() => {
    savedRef.current = saved;
  }, [saved]);
  useEffect(() => () => void applySettings(savedRef.current), []);

  function typeNumber(key: NumberField, text: string) {
    setNumbers((current) => ({ ...current, [key]: text }));
    const value = wholeNumber(text);
    if (value !== null) change(key, value);
  }

  function change<K extends keyof UserSettings>(key: K, value: UserSettings[K]) {
    touched.current = true;
    setFailed(false);
    setDraft((current) => ({ ...current, [key]: value }));
    if (key === 'language' || key === 'darkMode') {
      void applySettings({ ...draft, [key]: value } as UserSettings);
    }
  }

  const nameChanged = displayName.trim() !== (user?.display_name ?? '');
  const patch = changes(saved, draft);
  const dirty = nameChanged || Object.keys(patch).length > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (nameChanged && !displayName.trim()) {
      setNameError(t('settings.displayNameRequired'));
      return;
    }
    setSaving(true);
    setFailed(false);
    try {
      if (nameChanged) {
        await userApi.updateProfile({ displayName: displayName.trim() });
        await refreshUser();
      }
      if (Object.keys(patch).length > 0) setDraft(await save(patch));
      touched.current = false;
      toast.success(t('settings.saved'));
    } catch {
      // The client's toast already gave the server's reason; the page keeps the draft to retry.
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="page" style={{ maxWidth: 760 }}>
      <div className="page-header">
        <h1>{t('settings.title')}</h1>
      </div>

      {/* The form waits for the saved settings: defaults shown meanwhile would read as the account's. */}
      {status === 'idle' || status === 'loading' ? (
        <Spinner label={t('settings.loading')} />
      ) : (
        <form className="stack" onSubmit={onSubmit} noValidate>
          {status === 'failed' && (
            <div className="alert alert-error" role="alert">
              {t('settings.loadFailed')}
            </div>
          )}

          <Section id="settings-profile" title={t('settings.profile')}>
            <div className="field">
              <label htmlFor="settings-display-name">{t('settings.displayName')}</label>
              <input
                id="settings-display-name"
                type="text"
                autoComplete="nickname"
                maxLength={100}
                value={displayName}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? 'settings-display-name-error' : undefined}
                onChange={(e) => {
                  setNameError(null);
                  setFailed(false);
                  setDisplayName(e.target.value);
                }}
              />
              {nameError && (
                <span id="settings-display-name-error" className="field-error" role="alert">
                  {nameError}
                </span>
              )}
            </div>
            <div className="field" style={{ marginBottom: 0 }}>
              <label htmlFor="settings-email">{t('settings.email')}</label>
              <input id="settings-email" type="email" value={user?.email ?? ''} readOnly />
            </div>
          </Section>

          <Section id="settings-notifications" title={t('settings.notifications')}>
            <Toggle
              id="setting-emailNotifications"
              checked={draft.emailNotifications}
              onChange={(value) => change('emailNotifications', value)}
              label={t('settings.emailNotifications')}
              hint={t('settings.emailNotificationsHint')}
            />
            <Toggle
              id="setting-pushNotifications"
              checked={draft.pushNotifications}
              onChange={(value) => {
                change('pushNotifications', value);
                if (value) void allowBrowserNotifications();
              }}
              label={t('settings.pushNotifications')}
              hint={t('settings.pushNotificationsHint')}
            />
            <Toggle
              id="setting-studyReminders"
              checked={draft.studyReminders}
              onChange={(value) => change('studyReminders', value)}
              label={t('settings.studyReminders')}
              hint={t('settings.studyRemindersHint')}
            />
            <Toggle
              id="setting-friendNotifications"
              checked={draft.friendNotifications}
              onChange={(value) => change('friendNotifications', value)}
              label={t('settings.friendNotifications')}
            />
            <Toggle
              id="setting-achievementNotifications"
              checked={draft.achievementNotifications}
              onChange={(value) => change('achievementNotifications', value)}
              label={t('settings.achievementNotifications')}
            />
          </Section>

          <Section id="settings-study" title={t('settings.studyPreferences')}>
            <Toggle
              id="setting-darkMode"
              checked={draft.darkMode}
              onChange={(value) => change('darkMode', value)}
              label={t('settings.darkMode')}
            />
            <Toggle
              id="setting-autoplay"
              checked={draft.autoplay}
              onChange={(value) => change('autoplay', value)}
              label={t('settings.autoplay')}
            />

            <div className="field">
              <label htmlFor="settings-study-goal">{t('settings.dailyGoal')}</label>
              <div className="settings-range">
                <input
                  id="settings-study-goal"
                  type="range"
                  min={STUDY_SETTINGS_BOUNDS.dailyGoal.min}
                  max={STUDY_SETTINGS_BOUNDS.dailyGoal.max}
                  step={1}
                  value={draft.studyGoal}
                  aria-valuetext={t('settings.dailyGoalValueText', { count: draft.studyGoal })}
                  onChange={(e) => change('studyGoal', Number(e.target.value))}
                />
                <output htmlFor="settings-study-goal" aria-live="polite">
                  {t('settings.dailyGoalValue', { count: draft.studyGoal })}
                </output>
              </div>
            </div>

            <div className="field" style={{ marginBottom: 0 }}>
              <label htmlFor="settings-language">{t('settings.language')}</label>
              <select
                id="settings-language"
                value={draft.language}
                onChange={(e) => {
                  if (isLanguage(e.target.value)) change('language', e.target.value);
                }}
              >
                {LANGUAGES.map((option) => (
                  <option key={option.value} value={option.value} lang={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>

            <TimeZoneField value={draft.timeZone} onChange={(zone) => change('timeZone', zone)} />
          </Section>

          <Section id="settings-scheduler" title={t('settings.scheduler')} intro={t('settings.schedulerIntro')}>
            <div className="field">
              <label htmlFor="settings-retention">{t('settings.desiredRetention')}</label>
              <div className="settings-range">
                <input
                  id="settings-retention"
                  type="range"
                  min={Math.round(STUDY_SETTINGS_BOUNDS.desiredRetention.min * 100)}
                  max={Math.round(STUDY_SETTINGS_BOUNDS.desiredRetention.max * 100)}
                  step={1}
                  value={Math.round(draft.desiredRetention * 100)}
                  aria-valuetext={`${Math.round(draft.desiredRetention * 100)}%`}
                  aria-describedby="settings-retention-hint"
                  onChange={(e) => change('desiredRetention', Number(e.target.value) / 100)}
                />
                <output htmlFor="settings-retention">{Math.round(draft.desiredRetention * 100)}%</output>
              </div>
              <span id="settings-retention-hint" className="muted settings-hint">
                {t('settings.desiredRetentionHint')}
              </span>
            </div>
            <div className="settings-numbers">
              {NUMBER_FIELDS.map((key) => (
                <Field
                  key={key}
                  id={NUMBER_FIELD_IDS[key]}
                  label={t(`settings.${key}`)}
                  min={STUDY_SETTINGS_BOUNDS[key].min}
                  max={STUDY_SETTINGS_BOUNDS[key].max}
                  type="number"
                  inputMode="numeric"
                  invalid={wholeNumber(numbers[key]) === null}
                  text={numbers[key]}
                  onType={(text) => typeNumber(key, text)}
                />
              ))}
            </div>
            <div className="settings-numbers">
              <Field
                id="settings-learning-steps"
                label={t('settings.learningSteps')}
                type="text"
                autoComplete="off"
                spellCheck={false}
                hint={t('settings.learningStepsHint')}
                invalid={parseSteps(draft.learningSteps, STEPS_BOUNDS.learningSteps) === null}
                text={draft.learningSteps}
                onType={(text) => change('learningSteps', text)}
              />
              <Field
                id="settings-relearning-steps"
                label={t('settings.relearningSteps')}
                type="text"
                autoComplete="off"
                spellCheck={false}
                hint={t('settings.relearningStepsHint')}
                invalid={parseSteps(draft.relearningSteps, STEPS_BOUNDS.relearningSteps) === null}
                text={draft.relearningSteps}
                onType={(text) => change('relearningSteps', text)}
              />
            </div>
          </Section>

          <div className="row settings-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={saving || !dirty || !numbersValid}
              aria-describedby="settings-save-status"
            >
              {saving ? t('settings.saving') : t('settings.save')}
            </button>
            <p id="settings-save-status" className="muted" role="status" style={{ margin: 0 }}>
              {failed ? t('settings.notSaved') : dirty ? t('settings.unsaved') : ''}
            </p>
          </div>
        </form>
      )}
    </div>
  );
}
