// The card being studied, edited in place (Anki's E): its note's question, answer and tags,
// saved through the cards API; the session goes on with the saved text. A modal <dialog>: focus
// stays inside, Escape closes it, and the study keys are off while it is open (use-study-keyboard).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type StudyCard } from '@flashcard/api-contract';
import { toastFailure } from '@flashcard/shared-ui';
import { useStudyText } from '../../../i18n';

interface EditCardDialogProps {
  card: StudyCard;
  onSaved: (text: Pick<StudyCard, 'question' | 'answer' | 'tags'>) => void;
  onClose: () => void;
}

export function EditCardDialog({ card, onSaved, onClose }: EditCardDialogProps) {
  const t = useStudyText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [question, setQuestion] = useState(card.question);
  const [answer, setAnswer] = useState(card.answer);
  const [tags, setTags] = useState(card.tags ?? '');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    // jsdom has no showModal: the dialog is then simply open.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await cardsApi.update(card.id, { question, answer, tags: tags.trim() || null });
      onSaved({ question: saved.question, answer: saved.answer, tags: saved.tags });
      toast.success(t('session.editSaved'));
    } catch (error) {
      toastFailure(t('session.editFailed'), error);
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className="card study-edit"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="stack" onSubmit={save}>
        <h2 id={titleId}>{t('session.editTitle')}</h2>
        <p className="muted" style={{ margin: 0 }}>
          {t('session.editNote')}
        </p>
        <div className="field">
          <label htmlFor={`${titleId}-question`}>{t('session.editQuestion')}</label>
          <textarea
            id={`${titleId}-question`}
            rows={3}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            autoFocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${titleId}-answer`}>{t('session.editAnswer')}</label>
          <textarea id={`${titleId}-answer`} rows={3} value={answer} onChange={(e) => setAnswer(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${titleId}-tags`}>{t('session.editTags')}</label>
          <input id={`${titleId}-tags`} type="text" value={tags} onChange={(e) => setTags(e.target.value)} />
        </div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {t('session.editSave')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('session.editCancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
