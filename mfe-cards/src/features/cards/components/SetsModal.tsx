import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-hot-toast';
import { presetsApi, type Category, type CategoryDeleteResult, type StudyPreset } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { confirmDeleteSet, message } from '../messages';
import { toastFailure } from '@flashcard/shared-ui';
import { Modal } from './Modal';
import { NameInput } from './NameInput';
import { SetOptionsModal } from './SetOptionsModal';

interface SetsModalProps {
  categories: Category[];
  /** Fetch fresh card counts when the panel opens. */
  reload: () => Promise<void>;
  create: (name: string) => Promise<Category>;
  rename: (id: number, name: string) => Promise<Category>;
  setLanguage: (id: number, language: string | null) => Promise<Category>;
  remove: (id: number) => Promise<CategoryDeleteResult>;
  /** Tell the card list, whose cards show set names. */
  onRenamed: (category: Category) => void;
  onDeleted: (id: number) => void;
  onClose: () => void;
}

function SetRow({
  category,
  rename,
  remove,
  onRenamed,
  onDeleted,
  setLanguage,
  onOptions,
  preset,
}: {
  category: Category;
  onOptions: (category: Category) => void;
  /** The name of the preset the set uses; undefined until the presets are loaded. */
  preset: string | undefined;
} & Pick<SetsModalProps, 'rename' | 'setLanguage' | 'remove' | 'onRenamed' | 'onDeleted'>) {
  const t = useCardsText();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the inline editor puts focus back on the Rename button instead of losing it.
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('sets.nameRequired'));
      return;
    }
    if (trimmed === category.name) {
      setEditing(false);
      return;
    }
    setBusy(true);
    try {
      const renamed = await rename(category.id, trimmed);
      onRenamed({ ...category, ...renamed });
      toast.success(t('sets.renamed', { name: renamed.name }));
      setEditing(false);
      setError(null);
    } catch (err) {
      toastFailure(message('setRenameFailed'), err, { withReason: true });
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!window.confirm(confirmDeleteSet(category.name, category.card_count))) return;
    setBusy(true);
    try {
      const result = await remove(category.id);
      onDeleted(category.id);
      const kept = Number(result?.cardsUnfiled) || 0;
      toast.success(kept ? t('sets.deletedKept', { count: kept }) : t('sets.deleted'));
    } catch (err) {
      toastFailure(message('setDeleteFailed'), err, { withReason: true });
      setBusy(false);
    }
  }

  function cancelRename() {
    setEditing(false);
    setName(category.name);
    setError(null);
  }

  if (editing) {
    return (
      <li className="cards-set-row">
        <form className="row" onSubmit={save} noValidate>
          <label className="visually-hidden" htmlFor={`${id}-name`}>
            {t('sets.renameInputLabel', { name: category.name })}
          </label>
          <NameInput
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onCancel={cancelRename}
            aria-invalid={error !== null}
          />
          <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
            {t('sets.save')}
          </button>
          <button type="button" className="btn btn-small" onClick={cancelRename}>
            {t('sets.cancel')}
          </button>
        </form>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </li>
    );
  }

  return (
    <li className="cards-set-row spread">
      <span className="cards-set-info">
        <span>
          <strong>{category.name}</strong>{' '}
          {typeof category.card_count === 'number' && (
            <span className="muted">{t('sets.cardCount', { count: category.card_count })}</span>
          )}
        </span>
        <SetLanguage category={category} setLanguage={setLanguage} onRenamed={onRenamed} />
      </span>
      <span className="row">
        {preset !== undefined && (
          <span id={`${id}-preset`} className="muted cards-set-preset">
            <span className="visually-hidden">{t('sets.presetPrefix')} </span>
            {preset}
          </span>
        )}
        <button
          type="button"
          className="btn btn-small"
          data-set-options={category.id}
          aria-label={t('sets.optionsLabel', { name: category.name })}
          aria-describedby={preset !== undefined ? `${id}-preset` : undefined}
          onClick={() => onOptions(category)}
          disabled={busy}
        >
          {t('sets.options')}
        </button>
        <button
          ref={renameButton}
          type="button"
          className="btn btn-small"
          aria-label={t('sets.renameLabel', { name: category.name })}
          onClick={() => setEditing(true)}
          disabled={busy}
        >
          {t('sets.rename')}
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          aria-label={t('sets.deleteLabel', { name: category.name })}
          onClick={onDelete}
          disabled={busy}
        >
          {t('sets.delete')}
        </button>
      </span>
    </li>
  );
}

/**
 * Languages speech synthesis commonly has voices for, as BCP 47 tags; their names come from
 * Intl.DisplayNames in the page's language, so no list of names to translate.
 */
export const SPEECH_LANGUAGES = [
  'ar',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-GB',
  'en-US',
  'es-ES',
  'es-MX',
  'fi-FI',
  'fr-FR',
  'he-IL',
  'hi-IN',
  'hu-HU',
  'id-ID',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sv-SE',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'zh-CN',
  'zh-TW',
] as const;

/** The read-aloud language of one set: the page's, or one of SPEECH_LANGUAGES (or what the API holds). */
function SetLanguage({
  category,
  setLanguage,
  onRenamed,
}: { category: Category } & Pick<SetsModalProps, 'setLanguage' | 'onRenamed'>) {
  const t = useCardsText();
  const { i18n } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
    const tags: string[] = [...SPEECH_LANGUAGES];
    if (category.language && !tags.includes(category.language)) tags.push(category.language);
    return tags
      .map((tag) => ({ tag, name: names.of(tag) ?? tag }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language, category.language]);

  async function change(value: string) {
    const language = value === '' ? null : value;
    setBusy(true);
    try {
      const updated = await setLanguage(category.id, language);
      onRenamed({ ...category, ...updated });
      const name = options.find((option) => option.tag === updated.language)?.name;
      toast.success(
        name
          ? t('sets.languageSaved', { name: category.name, language: name })
          : t('sets.languageCleared', { name: category.name }),
      );
    } catch (err) {
      toastFailure(message('setLanguageFailed'), err, { withReason: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="cards-set-language">
      <label htmlFor={`${id}-language`}>{t('sets.languageLabel', { name: category.name })}</label>
      <select
        id={`${id}-language`}
        className="input"
        value={category.language ?? ''}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
      >
        <option value="">{t('sets.pageLanguage')}</option>
        {options.map((option) => (
          <option key={option.tag} value={option.tag}>
            {option.name}
          </option>
        ))}
      </select>
    </span>
  );
}

/** "Manage sets": list with card counts and each set's preset, create, inline rename and delete (cards are kept). */
export function SetsModal({
  categories,
  reload,
  create,
  rename,
  setLanguage,
  remove,
  onRenamed,
  onDeleted,
  onClose,
}: SetsModalProps) {
  const t = useCardsText();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  /** The set whose options are open (they take the dialog's place), and the last one closed. */
  const [options, setOptions] = useState<Category | null>(null);
  const optionsClosed = useRef<number | null>(null);

  useEffect(() => {
    void reload();
  }, [reload]);

  // The presets, read again when a set's options close (they may have changed the set's).
  const [presets, setPresets] = useState<StudyPreset[] | null>(null);
  const showingOptions = options !== null;
  useEffect(() => {
    if (showingOptions) return;
    let current = true;
    presetsApi.list().then(
      (list) => current && setPresets(list),
      // The list without preset names: the set's Options dialog says why it cannot load them.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [showingOptions]);
  /** Each set's preset name by set id. */
  const presetNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const preset of presets ?? []) {
      for (const set of preset.sets) names.set(set.id, preset.isDefault ? t('presets.defaultName') : preset.name);
    }
    return names;
  }, [presets, t]);

  // Back from a set's options: focus its Options button again.
  useEffect(() => {
    if (options !== null || optionsClosed.current === null) return;
    document.querySelector<HTMLElement>(`[data-set-options="${optionsClosed.current}"]`)?.focus();
    optionsClosed.current = null;
  }, [options]);

  if (options) {
    return (
      <SetOptionsModal
        category={options}
        onClose={() => {
          optionsClosed.current = options.id;
          setOptions(null);
        }}
      />
    );
  }

  // A deleted row takes its focused button with it: keep focus inside the dialog.
  function deleted(categoryId: number) {
    onDeleted(categoryId);
    nameInput.current?.focus();
  }

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('sets.nameRequired'));
      return;
    }
    setError(null);
    setCreating(true);
    try {
      const created = await create(trimmed);
      toast.success(t('sets.created', { name: created.name }));
      setName('');
    } catch (err) {
      toastFailure(message('setCreateFailed'), err, { withReason: true });
    } finally {
      setCreating(false);
    }
  }

  return (
    <Modal title={t('sets.title')} onClose={onClose}>
      <form className="cards-set-create" onSubmit={onCreate} noValidate>
        <div className="field">
          <label htmlFor={`${id}-new`}>{t('sets.newName')}</label>
          <div className="row">
            <input
              ref={nameInput}
              id={`${id}-new`}
              data-autofocus
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <button type="submit" className="btn btn-primary" disabled={creating}>
              {t('sets.create')}
            </button>
          </div>
          {error && (
            <span className="field-error" role="alert" id={`${id}-error`}>
              {error}
            </span>
          )}
        </div>
      </form>
      {categories.length === 0 ? (
        <p className="muted">{t('sets.empty')}</p>
      ) : (
        <ul className="cards-set-list" aria-label={t('sets.listLabel')}>
          {categories.map((category) => (
            <SetRow
              key={category.id}
              category={category}
              rename={rename}
              setLanguage={setLanguage}
              remove={remove}
              onRenamed={onRenamed}
              onDeleted={deleted}
              onOptions={setOptions}
              // A set made since the list was read uses the default preset.
              preset={presets ? (presetNames.get(category.id) ?? t('presets.defaultName')) : undefined}
            />
          ))}
        </ul>
      )}
      <div className="row cards-modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('sets.done')}
        </button>
      </div>
    </Modal>
  );
}
