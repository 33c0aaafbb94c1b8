import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import {
  DEFAULT_PRESET_ID,
  FSRS_PARAMETER_COUNT,
  parseSteps,
  presetsApi,
  STEPS_BOUNDS,
  STUDY_SETTINGS_BOUNDS,
  type Category,
  type PresetInput,
  type StudyPreset,
} from '@flashcard/api-contract';
import { Spinner, toastFailure } from '@flashcard/shared-ui';
import { useCardsText } from '../../../i18n';
import { Modal } from './Modal';
import { NameInput } from './NameInput';

/** A preset's fields as typed (text until saved). */
interface Draft {
  newCardsPerDay: string;
  maximumReviewsPerDay: string;
  learningSteps: string;
  relearningSteps: string;
  desiredRetention: string;
  maximumInterval: string;
  fsrsParameters: string;
}

type Field = keyof Draft;
type Problems = Partial<Record<Field, string>>;

function draftOf(preset: StudyPreset): Draft {
  return {
    newCardsPerDay: String(preset.newCardsPerDay),
    maximumReviewsPerDay: String(preset.maximumReviewsPerDay),
    learningSteps: preset.learningSteps,
    relearningSteps: preset.relearningSteps,
    desiredRetention: String(preset.desiredRetention),
    maximumInterval: String(preset.maximumInterval),
    fsrsParameters: preset.fsrsParameters?.join(', ') ?? '',
  };
}

const NUMBER_BOUNDS = {
  newCardsPerDay: STUDY_SETTINGS_BOUNDS.newCardsPerDay,
  maximumReviewsPerDay: STUDY_SETTINGS_BOUNDS.maximumReviewsPerDay,
  desiredRetention: STUDY_SETTINGS_BOUNDS.desiredRetention,
  maximumInterval: STUDY_SETTINGS_BOUNDS.maximumInterval,
} as const;

/** The draft as the API takes it, or the problems of its fields (checked as the API checks them). */
function checked(draft: Draft): { input: PresetInput; problems: Problems } {
  const problems: Problems = {};
  const number = (field: keyof typeof NUMBER_BOUNDS, whole: boolean) => {
    const value = Number(draft[field]);
    const { min, max } = NUMBER_BOUNDS[field];
    const ok = draft[field].trim() !== '' && Number.isFinite(value) && value >= min && value <= max;
    if (!ok || (whole && !Number.isInteger(value))) problems[field] = field;
    return value;
  };
  const steps = (field: 'learningSteps' | 'relearningSteps') => {
    const parsed = parseSteps(draft[field], STEPS_BOUNDS[field]);
    if (!parsed) problems[field] = field;
    return parsed?.join(' ') ?? '';
  };
  const text = draft.fsrsParameters.trim();
  const weights = text ? text.split(/[\s,;]+/).map(Number) : null;
  if (weights && (weights.length !== FSRS_PARAMETER_COUNT || !weights.every(Number.isFinite)))
    problems.fsrsParameters = 'fsrsParameters';
  return {
    input: {
      newCardsPerDay: number('newCardsPerDay', true),
      maximumReviewsPerDay: number('maximumReviewsPerDay', true),
      learningSteps: steps('learningSteps'),
      relearningSteps: steps('relearningSteps'),
      desiredRetention: number('desiredRetention', false),
      maximumInterval: number('maximumInterval', true),
      fsrsParameters: weights,
    },
    problems,
  };
}

interface SetOptionsModalProps {
  category: Category;
  onClose: () => void;
}

/**
 * A set's options, as Anki's deck options: the preset it uses (shared with other sets), a new
 * preset cloned from the shown one, rename, delete (its sets go back to the default), and the
 * preset's fields. Save writes the changed fields and puts the set on the chosen preset.
 */
export function SetOptionsModal({ category, onClose }: SetOptionsModalProps) {
  const t = useCardsText();
  const id = useId();
  const [presets, setPresets] = useState<StudyPreset[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<number>(DEFAULT_PRESET_ID);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [problems, setProblems] = useState<Problems>({});
  const [naming, setNaming] = useState<'clone' | 'rename' | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choice = useRef<HTMLSelectElement>(null);
  const loaded = presets !== null;

  // The dialog opened on a spinner: once the presets are in, focus goes to the preset choice.
  useEffect(() => {
    if (loaded) choice.current?.focus();
  }, [loaded]);

  useEffect(() => {
    let active = true;
    presetsApi.list().then(
      (list) => {
        if (!active) return;
        setPresets(list);
        setSelected(list.find((preset) => preset.sets.some((set) => set.id === category.id))?.id ?? DEFAULT_PRESET_ID);
      },
      (err: unknown) => {
        if (!active) return;
        setFailed(true);
        toastFailure(t('presets.loadFailed'), err);
      },
    );
    return () => {
      active = false;
    };
  }, [category.id, t]);

  const preset = presets?.find((candidate) => candidate.id === selected);
  const draft = preset ? (drafts[preset.id] ?? draftOf(preset)) : null;
  const presetName = (candidate: StudyPreset) => (candidate.isDefault ? t('presets.defaultName') : candidate.name);

  function edit(field: Field, value: string) {
    if (!preset || !draft) return;
    setDrafts((all) => ({ ...all, [preset.id]: { ...draft, [field]: value } }));
    if (problems[field]) setProblems(({ [field]: _gone, ...rest }) => rest);
  }

  function replace(next: StudyPreset) {
    setPresets((list) => {
      const others = (list ?? []).filter((candidate) => candidate.id !== next.id);
      const [defaults, ...rest] = [...others, next].sort((a, b) =>
        a.isDefault ? -1 : b.isDefault ? 1 : a.name.localeCompare(b.name),
      );
      return [defaults!, ...rest];
    });
  }

  async function onName(event: FormEvent) {
    event.preventDefault();
    if (!preset || !draft) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('presets.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      if (naming === 'clone') {
        const { input, problems: found } = checked(draft);
        if (Object.keys(found).length > 0) {
          setProblems(found);
          return;
        }
        const created = await presetsApi.create({ ...input, name: trimmed });
        replace(created);
        setSelected(created.id);
        toast.success(t('presets.created', { name: created.name }));
      } else {
        const renamed = await presetsApi.update(preset.id, { name: trimmed });
        replace(renamed);
        toast.success(t('presets.renamed', { name: renamed.name }));
      }
      setNaming(null);
      setNameError(null);
    } catch (err) {
      toastFailure(t(naming === 'clone' ? 'presets.createFailed' : 'presets.renameFailed'), err, { withReason: true });
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!preset || preset.isDefault) return;
    if (!window.confirm(t('presets.confirmDelete', { name: preset.name, count: preset.sets.length }))) return;
    setBusy(true);
    try {
      await presetsApi.remove(preset.id);
      // Its sets use the default now: the list says so again.
      const list = await presetsApi.list();
      setPresets(list);
      setSelected(DEFAULT_PRESET_ID);
      toast.success(t('presets.deleted', { name: preset.name }));
    } catch (err) {
      toastFailure(t('presets.deleteFailed'), err, { withReason: true });
    } finally {
      setBusy(false);
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (!presets || !preset) return;
    // Every preset edited here, the shown one first: a problem is shown where it is.
    const edited = [preset, ...presets.filter((candidate) => candidate !== preset)].filter(
      (candidate) => drafts[candidate.id],
    );
    const writes: { id: number; input: PresetInput }[] = [];
    for (const candidate of edited) {
      const { input, problems: found } = checked(drafts[candidate.id]!);
      if (Object.keys(found).length > 0) {
        setSelected(candidate.id);
        setProblems(found);
        return;
      }
      if (candidate.isDefault) delete input.fsrsParameters;
      writes.push({ id: candidate.id, input });
    }
    setBusy(true);
    try {
      for (const write of writes) await presetsApi.update(write.id, write.input);
      await presetsApi.assign(category.id, preset.id);
      toast.success(t('presets.saved', { name: category.name, preset: presetName(preset) }));
      onClose();
    } catch (err) {
      toastFailure(t('presets.saveFailed'), err, { withReason: true });
      setBusy(false);
    }
  }

  const problemId = (field: Field) => `${id}-${field}-problem`;
  const described = (field: Field, hint?: boolean) =>
    [problems[field] && problemId(field), hint && `${id}-${field}-hint`].filter(Boolean).join(' ') || undefined;
  const numberField = (field: keyof typeof NUMBER_BOUNDS, step: number) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{t(`presets.fields.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        className="input"
        type="number"
        inputMode={step < 1 ? 'decimal' : 'numeric'}
        min={NUMBER_BOUNDS[field].min}
        max={NUMBER_BOUNDS[field].max}
        step={step}
        value={draft![field]}
        onChange={(e) => edit(field, e.target.value)}
        aria-invalid={Boolean(problems[field])}
        aria-describedby={described(field)}
      />
      {problems[field] && (
        <span className="field-error" id={problemId(field)}>
          {t(`presets.problems.${field}`, NUMBER_BOUNDS[field])}
        </span>
      )}
    </div>
  );
  const stepsField = (field: 'learningSteps' | 'relearningSteps') => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{t(`presets.fields.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        className="input"
        value={draft![field]}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => edit(field, e.target.value)}
        aria-invalid={Boolean(problems[field])}
        aria-describedby={described(field, true)}
      />
      <span className="muted cards-hint" id={`${id}-${field}-hint`}>
        {t(`presets.hints.${field}`)}
      </span>
      {problems[field] && (
        <span className="field-error" id={problemId(field)}>
          {t(`presets.problems.${field}`, STEPS_BOUNDS[field])}
        </span>
      )}
    </div>
  );

  return (
    <Modal title={t('presets.title', { name: category.name })} onClose={onClose} busy={busy} wide>
      {!presets || !preset || !draft ? (
        failed ? (
          <p role="alert">{t('presets.loadFailed')}</p>
        ) : (
          <Spinner />
        )
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-preset`}>{t('presets.choose')}</label>
            <div className="row cards-preset-choice">
              <select
                ref={choice}
                id={`${id}-preset`}
                className="input"
                value={selected}
                data-autofocus
                onChange={(e) => {
                  setSelected(Number(e.target.value));
                  setProblems({});
                  setNaming(null);
                }}
                aria-describedby={`${id}-used`}
              >
                {presets.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {presetName(candidate)}
                  </option>
                ))}
              </select>
            </div>
            <span className="muted cards-hint" id={`${id}-used`}>
              {t('presets.usedBy', { count: preset.sets.length })}
            </span>
          </div>
          <div className="row cards-preset-actions">
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => {
                setNaming('clone');
                setName(t('presets.copyName', { name: presetName(preset) }));
                setNameError(null);
              }}
            >
              {t('presets.clone')}
            </button>
            {!preset.isDefault && (
              <>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={() => {
                    setNaming('rename');
                    setName(preset.name);
                    setNameError(null);
                  }}
                >
                  {t('presets.rename')}
                </button>
                <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={onDelete}>
                  {t('presets.delete')}
                </button>
              </>
            )}
          </div>
          {naming && (
            <form className="field cards-preset-name" onSubmit={onName} noValidate>
              <label htmlFor={`${id}-name`}>{t(naming === 'clone' ? 'presets.newName' : 'presets.renameTo')}</label>
              <div className="row">
                <NameInput
                  id={`${id}-name`}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  onCancel={() => setNaming(null)}
                  aria-invalid={nameError !== null}
                  aria-describedby={nameError ? `${id}-name-error` : undefined}
                />
                <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
                  {t(naming === 'clone' ? 'presets.createPreset' : 'presets.saveName')}
                </button>
                <button type="button" className="btn btn-small" onClick={() => setNaming(null)}>
                  {t('presets.cancel')}
                </button>
              </div>
              {nameError && (
                <span className="field-error" role="alert" id={`${id}-name-error`}>
                  {nameError}
                </span>
              )}
            </form>
          )}
          <form onSubmit={onSave} noValidate aria-labelledby={`${id}-fields`}>
            <h3 id={`${id}-fields`} className="cards-preset-heading">
              {t('presets.fieldsHeading', { name: presetName(preset) })}
            </h3>
            <fieldset className="cards-preset-group">
              <legend>{t('presets.limits')}</legend>
              <div className="cards-preset-grid">
                {numberField('newCardsPerDay', 1)}
                {numberField('maximumReviewsPerDay', 1)}
              </div>
            </fieldset>
            <fieldset className="cards-preset-group">
              <legend>{t('presets.steps')}</legend>
              <div className="cards-preset-grid">
                {stepsField('learningSteps')}
                {stepsField('relearningSteps')}
              </div>
            </fieldset>
            <fieldset className="cards-preset-group">
              <legend>{t('presets.fsrs')}</legend>
              <div className="cards-preset-grid">
                {numberField('desiredRetention', 0.01)}
                {numberField('maximumInterval', 1)}
              </div>
              <div className="field">
                <label htmlFor={`${id}-fsrsParameters`}>{t('presets.fields.fsrsParameters')}</label>
                <textarea
                  id={`${id}-fsrsParameters`}
                  className="input"
                  rows={3}
                  spellCheck={false}
                  value={draft.fsrsParameters}
                  disabled={preset.isDefault}
                  onChange={(e) => edit('fsrsParameters', e.target.value)}
                  aria-invalid={Boolean(problems.fsrsParameters)}
                  aria-describedby={described('fsrsParameters', true)}
                />
                <span className="muted cards-hint" id={`${id}-fsrsParameters-hint`}>
                  {t(preset.isDefault ? 'presets.hints.fsrsDefault' : 'presets.hints.fsrsParameters', {
                    count: FSRS_PARAMETER_COUNT,
                  })}
                </span>
                {problems.fsrsParameters && (
                  <span className="field-error" id={problemId('fsrsParameters')}>
                    {t('presets.problems.fsrsParameters', { count: FSRS_PARAMETER_COUNT })}
                  </span>
                )}
              </div>
            </fieldset>
            {Object.keys(problems).length > 0 && (
              <p className="field-error" role="alert">
                {t('presets.fixProblems')}
              </p>
            )}
            <div className="row cards-modal-actions">
              <button type="button" className="btn" onClick={onClose} disabled={busy}>
                {t('presets.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('presets.save')}
              </button>
            </div>
          </form>
        </>
      )}
    </Modal>
  );
}
