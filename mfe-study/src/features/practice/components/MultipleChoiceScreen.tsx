// Multiple choice: each question shows a card's front and its answer among answers of other cards
// of the same set or tag (the server picks them). Digits 1-N choose, Enter goes on. Recorded as
// practice: nothing is rescheduled.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { cardFaces, learningApi, type MultipleChoiceQuestion } from '@flashcard/api-contract';
import { serverErrorOf } from '@flashcard/shared-auth';
import { RichText, Spinner } from '@flashcard/shared-ui';
import { useStudyText } from '../../../i18n';
import { orSavedQuestions } from '../../offline/offline-study';
import { useScope } from '../../scope';
import { usePracticeSession } from '../hooks/use-practice-session';
import { PracticePage } from './PracticePage';
import { PracticeSummary } from './PracticeSummary';

const QUESTIONS = 10;
/** The questions of the scope; offline, made from the cards saved for studying. */
const loadQuestions = orSavedQuestions((scope) => learningApi.multipleChoice(scope, { limit: QUESTIONS }), QUESTIONS);

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'asking'; questions: MultipleChoiceQuestion[]; index: number; chosen: number | null; right: number }
  | { status: 'done'; total: number; right: number };

export function MultipleChoiceScreen() {
  const t = useStudyText();
  const scope = useScope();
  const practice = usePracticeSession();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadQuestions(scope).then(
      ({ questions }) => {
        if (!active) return;
        if (questions.length === 0) setState({ status: 'failed', message: t('practice.noCards') });
        else setState({ status: 'asking', questions, index: 0, chosen: null, right: 0 });
      },
      (err: unknown) =>
        active && setState({ status: 'failed', message: serverErrorOf(err) ?? t('practice.loadFailed') }),
    );
    return () => {
      active = false;
    };
  }, [scope, t]);

  const choose = useCallback(
    (choice: number) => {
      if (state.status !== 'asking' || state.chosen !== null) return;
      const question = state.questions[state.index];
      if (!question || choice >= question.choices.length) return;
      const correct = choice === question.correct;
      practice.record(question.card.id, correct);
      setState({ ...state, chosen: choice, right: state.right + (correct ? 1 : 0) });
    },
    [state, practice],
  );

  const next = useCallback(() => {
    if (state.status !== 'asking' || state.chosen === null) return;
    if (state.index + 1 < state.questions.length) setState({ ...state, index: state.index + 1, chosen: null });
    else {
      practice.finish();
      setState({ status: 'done', total: state.questions.length, right: state.right });
    }
  }, [state, practice]);

  // A layout effect: the keys follow each answer in the same commit. A passive effect runs after
  // the paint, and a key pressed in between (a quick learner, a busy page) met the old state.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (/^[1-9]$/.test(event.key)) choose(Number(event.key) - 1);
      else if (event.key === 'Enter' && state.status === 'asking' && state.chosen !== null) {
        event.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose, next, state]);

  return (
    <PracticePage title={t('hub.options.multipleChoice.title')}>
      {state.status === 'loading' && <Spinner label={t('practice.loading')} />}
      {state.status === 'failed' && (
        <p className="card empty-state" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && (
        <PracticeSummary
          title={t('practice.doneTitle')}
          lines={[t('practice.rightOf', { right: state.right, count: state.total })]}
        />
      )}
      {state.status === 'asking' && <Question state={state} choose={choose} next={next} />}
    </PracticePage>
  );
}

function Question({
  state,
  choose,
  next,
}: {
  state: Extract<State, { status: 'asking' }>;
  choose: (choice: number) => void;
  next: () => void;
}) {
  const t = useStudyText();
  const question = state.questions[state.index]!;
  const answered = state.chosen !== null;
  return (
    <div className="stack">
      <p className="study-position" aria-live="polite">
        {t('practice.position', { position: state.index + 1, total: state.questions.length })}
      </p>
      <article className="card study-card" aria-label={t('session.flashcard')}>
        <p className="study-side">{t('session.question')}</p>
        <RichText source={cardFaces(question.card).front} className="study-text" />
      </article>
      <div className="practice-choices" role="group" aria-label={t('practice.choices')}>
        {question.choices.map((choice, i) => {
          const verdict = !answered
            ? ''
            : i === question.correct
              ? 'practice-right'
              : i === state.chosen
                ? 'practice-wrong'
                : '';
          return (
            <button
              key={i}
              type="button"
              className={`btn practice-choice ${verdict}`}
              disabled={answered}
              aria-keyshortcuts={String(i + 1)}
              onClick={() => choose(i)}
            >
              <span className="practice-key" aria-hidden="true">
                {i + 1}
              </span>
              <RichText source={choice} />
              {answered && i === question.correct && (
                <span className="visually-hidden">{t('practice.correctAnswer')}</span>
              )}
            </button>
          );
        })}
      </div>
      {answered && (
        <div className="row practice-verdict">
          <p
            role="status"
            style={{ margin: 0 }}
            className={state.chosen === question.correct ? 'practice-right-text' : 'practice-wrong-text'}
          >
            {state.chosen === question.correct ? t('practice.right') : t('practice.wrong')}
          </p>
          <button type="button" className="btn btn-primary" onClick={next} autoFocus>
            {state.index + 1 < state.questions.length ? t('practice.next') : t('practice.finish')}
          </button>
        </div>
      )}
      <p className="muted study-keys">{t('practice.keys', { last: question.choices.length })}</p>
    </div>
  );
}
