import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  cardFaces,
  clozeNumbers,
  AUDIO_TYPES,
  IMAGE_TYPES,
  mediaApi,
  noteOrds,
  occlusionProblem,
  OCCLUSION_MAX_MASKS,
  type OcclusionProblem,
  type Card,
  type CardInput,
  type Category,
  type NoteKind,
} from '@flashcard/api-contract';
import { serverErrorOf } from '@flashcard/shared-auth';
import { RichText } from '@flashcard/shared-ui';
import { useCardsText } from '../../../i18n';
import { DIFFICULTY_LEVELS, difficultyKey } from '../difficulty';
import { Modal } from './Modal';
import { altOf, OcclusionEditor } from './OcclusionEditor';

/** The file pickers offer the image and sound types the API keeps. */
const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');
const SOUND_ACCEPT = Object.keys(AUDIO_TYPES).join(',');

interface CardFormModalProps {
  /** The card to edit; absent for a new card. */
  card?: Card;
  categories: Category[];
  colleges: string[];
  classes: string[];
  /** Resolves when saved (the modal is then closed by the parent); rejects to keep it open. */
  onSubmit: (input: CardInput) => Promise<void>;
  onClose: () => void;
  returnFocusFallback?: RefObject<HTMLElement | null>;
}

/** One form for both create and edit. */
export function CardFormModal({
  card,
  categories,
  colleges,
  classes,
  onSubmit,
  onClose,
  returnFocusFallback,
}: CardFormModalProps) {
  const t = useCardsText();
  const id = useId();
  const [kind, setKind] = useState<NoteKind>(card?.kind ?? 'basic');
  const [question, setQuestion] = useState(card?.question ?? '');
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const [answer, setAnswer] = useState(card?.answer ?? '');
  const [difficulty, setDifficulty] = useState(String(card?.difficulty_level ?? 1));
  const [tags, setTags] = useState(card?.tags ?? '');
  const [college, setCollege] = useState(card?.college ?? '');
  const [className, setClassName] = useState(card?.class_name ?? '');
  const [categoryId, setCategoryId] = useState(card?.category_id == null ? '' : String(card.category_id));
  const [error, setError] = useState<string | null>(null);
  // The field a validation message is about: it shows under that field, which gets the focus.
  const [invalid, setInvalid] = useState<'question' | 'answer' | null>(null);
  const [saving, setSaving] = useState(false);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  // Where an added image or sound goes: the field the learner was last in (the question at first).
  const lastField = useRef<'question' | 'answer'>('question');
  const [uploading, setUploading] = useState<'image' | 'sound' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function addMedia(file: File | undefined, kind: 'image' | 'sound') {
    if (!file) return;
    setUploading(kind);
    try {
      const stored = await mediaApi.upload(file, file.name);
      const alt = altOf(stored.name);
      // An occlusion's question is its editor's (no text field): media added go to its extra.
      const [field, setText] =
        lastField.current === 'answer' || !questionRef.current
          ? [answerRef.current, setAnswer]
          : [questionRef.current, setQuestion];
      // A sound as Anki names it, which the card shows as a player.
      insertAtCursor(field, setText, kind === 'sound' ? `[sound:${stored.name}]` : `![${alt}](${stored.name})`);
    } catch {
      // The client showed the server's reason (type, size, quota); nothing was inserted.
    } finally {
      setUploading(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A cloze note's answer is its optional extra; it needs a cloze instead.
    const fieldError = (field: 'question' | 'answer', text: string) => {
      setError(text);
      setInvalid(field);
      // Focus moves to the first invalid field (its message is read with it, under it).
      (field === 'question' ? questionRef : answerRef).current?.focus();
    };
    if (kind === 'occlusion') {
      const problem = occlusionProblem(question);
      if (problem) {
        setError(occlusionMessage(t, problem));
        setInvalid(null);
        // The control that mends it: the image picker, or Add mask.
        const control = problem === 'image' ? '[data-occlusion-image]' : '[data-occlusion-add]';
        formRef.current?.querySelector<HTMLElement>(control)?.focus();
        return;
      }
    } else if (!question.trim() || (kind !== 'cloze' && !answer.trim())) {
      fieldError(question.trim() ? 'answer' : 'question', t('form.required'));
      return;
    }
    if (kind === 'cloze' && clozeNumbers(question).length === 0) {
      fieldError('question', t('form.clozeRequired', { syntax: CLOZE_EXAMPLE }));
      return;
    }
    setError(null);
    setInvalid(null);
    setSaving(true);
    try {
      // Optional fields go as '' when empty so an edit can clear them.
      await onSubmit({
        kind,
        question: question.trim(),
        answer: answer.trim(),
        difficulty_level: Number(difficulty),
        tags: tags.trim(),
        college: college.trim(),
        class_name: className.trim(),
        category_id: categoryId ? Number(categoryId) : null,
      });
    } catch (err) {
      setSaving(false); // the parent toasted; the form stays open with what was typed
      // The toast is the screen's fixed text; the server's reason (e.g. a field too long) shows here.
      const reason = serverErrorOf(err);
      if (reason) setError(reason);
    }
  }

  const errorId = `${id}-error`;
  return (
    <Modal
      title={card ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      busy={saving}
      returnFocusFallback={returnFocusFallback}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        {error && invalid === null && (
          <div className="alert alert-error" role="alert" id={errorId}>
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('form.kind')}</label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as NoteKind)}>
            <option value="basic">{t('form.kindBasic')}</option>
            <option value="reversed">{t('form.kindReversed')}</option>
            <option value="cloze">{t('form.kindCloze', { syntax: CLOZE_EXAMPLE })}</option>
            <option value="occlusion">{t('occlusion.kind')}</option>
            <option value="typed">{t('form.kindTyped')}</option>
          </select>
        </div>
        {kind === 'occlusion' ? (
          <OcclusionEditor question={question} onChange={setQuestion} errorId={error ? errorId : undefined} />
        ) : (
          <div className="field">
            <div className="spread">
              <label htmlFor={`${id}-question`}>{t('form.question')}</label>
              {kind === 'cloze' && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => insertCloze(questionRef.current, setQuestion)}
                >
                  {t('form.insertCloze')}
                </button>
              )}
            </div>
            <textarea
              ref={questionRef}
              id={`${id}-question`}
              data-autofocus
              onFocus={() => (lastField.current = 'question')}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              aria-invalid={invalid === 'question' || (error !== null && !question.trim())}
              aria-describedby={invalid === 'question' ? `${errorId} ${id}-markdown` : `${id}-markdown`}
              required
            />
            {invalid === 'question' && (
              <p className="field-error" role="alert" id={errorId}>
                {error}
              </p>
            )}
            <span id={`${id}-markdown`} className="muted cards-hint">
              {t('form.markdownHint')}
            </span>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-answer`}>{answerIsExtra(kind) ? t('form.extra') : t('form.answer')}</label>
          <textarea
            ref={answerRef}
            id={`${id}-answer`}
            onFocus={() => (lastField.current = 'answer')}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-invalid={invalid === 'answer' || (error !== null && !answerIsExtra(kind) && !answer.trim())}
            aria-describedby={invalid === 'answer' ? errorId : undefined}
            required={!answerIsExtra(kind)}
          />
          {invalid === 'answer' && (
            <p className="field-error" role="alert" id={errorId}>
              {error}
            </p>
          )}
        </div>
        <div className="row cards-add-image-row">
          <label className={`btn btn-small btn-secondary cards-add-image${uploading === 'image' ? ' is-busy' : ''}`}>
            {uploading === 'image' ? t('form.uploadingImage') : t('form.addImage')}
            <input
              type="file"
              className="visually-hidden"
              accept={IMAGE_ACCEPT}
              disabled={uploading !== null}
              aria-describedby={`${id}-image-hint`}
              onChange={(e) => {
                void addMedia(e.target.files?.[0], 'image');
                e.target.value = '';
              }}
            />
          </label>
          <span id={`${id}-image-hint`} className="muted cards-hint">
            {t('form.imageHint')}
          </span>
        </div>
        <div className="row cards-add-image-row">
          <label className={`btn btn-small btn-secondary cards-add-image${uploading === 'sound' ? ' is-busy' : ''}`}>
            {uploading === 'sound' ? t('form.uploadingSound') : t('form.addSound')}
            <input
              type="file"
              className="visually-hidden"
              accept={SOUND_ACCEPT}
              disabled={uploading !== null}
              aria-describedby={`${id}-sound-hint`}
              onChange={(e) => {
                void addMedia(e.target.files?.[0], 'sound');
                e.target.value = '';
              }}
            />
          </label>
          <span id={`${id}-sound-hint`} className="muted cards-hint">
            {t('form.soundHint')}
          </span>
        </div>
        <NotePreview kind={kind} question={question} answer={answer} />
        <div className="cards-form-grid">
          <div className="field">
            <label htmlFor={`${id}-difficulty`}>{t('form.difficulty')}</label>
            <select id={`${id}-difficulty`} value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
              {DIFFICULTY_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t('difficulty.option', { level, label: t(`difficulty.${difficultyKey(level)}`) })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-set`}>{t('form.set')}</label>
            <select id={`${id}-set`} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">{t('form.noSet')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-tags`}>{t('form.tags')}</label>
            <input
              id={`${id}-tags`}
              value={tags}
              onChange={(e) => setTags(e.target.value)}
              aria-describedby={`${id}-tags-hint`}
            />
            <span id={`${id}-tags-hint`} className="muted cards-hint">
              {t('form.tagsHint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-college`}>{t('form.college')}</label>
            <input
              id={`${id}-college`}
              list={`${id}-colleges`}
              value={college}
              onChange={(e) => setCollege(e.target.value)}
            />
            <datalist id={`${id}-colleges`}>
              {colleges.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor={`${id}-class`}>{t('form.className')}</label>
            <input
              id={`${id}-class`}
              list={`${id}-classes`}
              value={className}
              onChange={(e) => setClassName(e.target.value)}
            />
            <datalist id={`${id}-classes`}>
              {classes.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
        </div>
        <div className="row cards-modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={saving}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('form.saving') : card ? t('form.save') : t('form.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A cloze or occlusion note's answer is its optional extra, shown on the back. */
const answerIsExtra = (kind: NoteKind) => kind === 'cloze' || kind === 'occlusion';

/** What the form says of an occlusion that cannot be saved yet. */
function occlusionMessage(t: ReturnType<typeof useCardsText>, problem: OcclusionProblem): string {
  if (problem === 'image') return t('occlusion.imageRequired');
  if (problem === 'masks') return t('occlusion.maskRequired');
  if (problem === 'tooMany') return t('occlusion.tooMany', { number: OCCLUSION_MAX_MASKS });
  return t('occlusion.bounds');
}

/** How a cloze is written; shown in messages as it is (the syntax is the same in every language). */
const CLOZE_EXAMPLE = '{{c1::…}}';

/** Puts `text` in place of the selection in `field`; the cursor lands after it once React wrote the value. */
function insertAtCursor(field: HTMLTextAreaElement | null, setText: (text: string) => void, text: string) {
  if (!field) return;
  const { value, selectionStart, selectionEnd } = field;
  setText(value.slice(0, selectionStart) + text + value.slice(selectionEnd));
  requestAnimationFrame(() => {
    field.focus();
    field.setSelectionRange(selectionStart + text.length, selectionStart + text.length);
  });
}

/** Wraps the selected text (or a placeholder) of the question in the next cloze number. */
function insertCloze(field: HTMLTextAreaElement | null, setQuestion: (text: string) => void) {
  if (!field) return;
  const { value, selectionStart, selectionEnd } = field;
  const next = Math.max(0, ...clozeNumbers(value)) + 1;
  const selected = value.slice(selectionStart, selectionEnd) || '…';
  insertAtCursor(field, setQuestion, `{{c${next}::${selected}}}`);
}

/** Every card the note makes, front and back, as the study screens will show them. */
function NotePreview({ kind, question, answer }: { kind: NoteKind; question: string; answer: string }) {
  const t = useCardsText();
  const headingId = useId();
  const ords = noteOrds(kind, question);
  if (!question.trim()) return null;
  return (
    <section className="cards-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('form.preview')}</h3>
      {ords.length === 0 ? (
        <p className="muted">
          {kind === 'occlusion' ? t('occlusion.maskRequired') : t('form.clozeRequired', { syntax: CLOZE_EXAMPLE })}
        </p>
      ) : (
        ords.map((ord, i) => {
          const faces = cardFaces({ kind, ord, question, answer });
          return (
            <div
              key={ord}
              className="cards-preview-card"
              role="group"
              aria-label={t('form.previewCard', { number: i + 1 })}
            >
              <div>
                <span className="cards-preview-side">{t('form.front')}</span>
                <RichText source={faces.front} />
              </div>
              <div>
                <span className="cards-preview-side">{t('form.back')}</span>
                <RichText source={faces.back} />
              </div>
            </div>
          );
        })
      )}
    </section>
  );
}
