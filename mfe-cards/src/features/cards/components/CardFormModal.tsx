import { useId, useState, type FormEvent, type RefObject } from 'react';
import type { Card, CardInput, Category } from '@flashcard/api-contract';
import { serverErrorOf } from '@flashcard/shared-auth';
import { useCardsText } from '../../../i18n';
import { DIFFICULTY_LEVELS, difficultyKey } from '../difficulty';
import { Modal } from './Modal';

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
  const [question, setQuestion] = useState(card?.question ?? '');
  const [answer, setAnswer] = useState(card?.answer ?? '');
  const [difficulty, setDifficulty] = useState(String(card?.difficulty_level ?? 1));
  const [tags, setTags] = useState(card?.tags ?? '');
  const [college, setCollege] = useState(card?.college ?? '');
  const [className, setClassName] = useState(card?.class_name ?? '');
  const [categoryId, setCategoryId] = useState(card?.category_id == null ? '' : String(card.category_id));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!question.trim() || !answer.trim()) {
      setError(t('form.required'));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      // Optional fields go as '' when empty so an edit can clear them.
      await onSubmit({
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
      <form onSubmit={submit} noValidate>
        {error && (
          <div className="alert alert-error" role="alert" id={errorId}>
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-question`}>{t('form.question')}</label>
          <textarea
            id={`${id}-question`}
            data-autofocus
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            aria-invalid={error !== null && !question.trim()}
            aria-describedby={error ? errorId : undefined}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-answer`}>{t('form.answer')}</label>
          <textarea
            id={`${id}-answer`}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-invalid={error !== null && !answer.trim()}
            aria-describedby={error ? errorId : undefined}
            required
          />
        </div>
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
            <input id={`${id}-college`} list={`${id}-colleges`} value={college} onChange={(e) => setCollege(e.target.value)} />
            <datalist id={`${id}-colleges`}>
              {colleges.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor={`${id}-class`}>{t('form.className')}</label>
            <input id={`${id}-class`} list={`${id}-classes`} value={className} onChange={(e) => setClassName(e.target.value)} />
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
