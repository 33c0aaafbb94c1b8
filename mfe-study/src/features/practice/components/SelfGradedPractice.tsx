// Flip-and-grade practice over cards picked by custom study: timed practice (a countdown per
// card; running out counts as not known) and custom study (cram a set, or study ahead). The
// learner says whether they knew each card; that is recorded as practice, never as a review,
// so no schedule changes.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { cardFaces, type StudyCard, type StudyScope } from '@flashcard/api-contract';
import { serverErrorOf } from '@flashcard/shared-auth';
import { RichText, Spinner } from '@flashcard/shared-ui';
import { studyLanguage, useStudyText } from '../../../i18n';
import { useScope } from '../../scope';
import { usePracticeSession } from '../hooks/use-practice-session';
import { PracticeSummary } from './PracticeSummary';
import '../practice.css';

export interface SelfGradedPracticeProps {
  /** The cards to practise, for the screen's set or tag (stable: defined outside the component). */
  load: (scope: StudyScope) => Promise<{ cards: StudyCard[] }>;
  /** Seconds per card; none: no clock. */
  seconds?: number;
}

interface Outcome {
  known: boolean;
  timedOut: boolean;
  ms: number;
}

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'studying'; cards: StudyCard[]; index: number; shown: boolean; shownAt: number; outcomes: Outcome[] }
  | { status: 'done'; outcomes: Outcome[] };

export function SelfGradedPractice({ load, seconds }: SelfGradedPracticeProps) {
  const t = useStudyText();
  const scope = useScope();
  const practice = usePracticeSession();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let active = true;
    load(scope).then(
      ({ cards }) => {
        if (!active) return;
        if (cards.length === 0) setState({ status: 'failed', message: t('practice.noCards') });
        else setState({ status: 'studying', cards, index: 0, shown: false, shownAt: Date.now(), outcomes: [] });
      },
      (err: unknown) =>
        active && setState({ status: 'failed', message: serverErrorOf(err) ?? t('practice.loadFailed') }),
    );
    return () => {
      active = false;
    };
  }, [load, scope, t]);

  const grade = useCallback(
    (known: boolean, timedOut = false) => {
      setState((current) => {
        if (current.status !== 'studying') return current;
        const card = current.cards[current.index]!;
        practice.record(card.id, known);
        const outcomes = [...current.outcomes, { known, timedOut, ms: Date.now() - current.shownAt }];
        if (current.index + 1 >= current.cards.length) {
          practice.finish();
          return { status: 'done', outcomes };
        }
        return { ...current, index: current.index + 1, shown: false, shownAt: Date.now(), outcomes };
      });
    },
    [practice],
  );

  // The clock on screen: ticks while a card is asked.
  const left = state.status === 'studying' && seconds ? Math.max(0, seconds * 1000 - (now - state.shownAt)) : null;
  useEffect(() => {
    if (state.status !== 'studying' || !seconds) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [state.status, seconds]);
  // At zero the card counts as not known (and the next one comes), unless it was graded before.
  const askedAt = state.status === 'studying' ? state.shownAt : null;
  useEffect(() => {
    if (askedAt === null || !seconds) return;
    const timer = setTimeout(() => grade(false, true), Math.max(0, seconds * 1000 - (Date.now() - askedAt)));
    return () => clearTimeout(timer);
  }, [askedAt, seconds, grade]);

  const reveal = useCallback(
    () => setState((current) => (current.status === 'studying' ? { ...current, shown: true } : current)),
    [],
  );

  // A layout effect: the keys follow each answer in the same commit. A passive effect runs after
  // the paint, and a key pressed in between (a quick learner, a busy page) met the old state.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (state.status !== 'studying') return;
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, button')) return;
      if (!state.shown && (event.key === ' ' || event.key === 'Enter')) {
        event.preventDefault();
        reveal();
      } else if (state.shown && event.key === '1') grade(false);
      else if (state.shown && event.key === '2') grade(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, reveal, grade]);

  if (state.status === 'loading') return <Spinner label={t('practice.loading')} />;
  if (state.status === 'failed')
    return (
      <p className="card empty-state" role="alert">
        {state.message}
      </p>
    );
  if (state.status === 'done')
    return <PracticeSummary title={t('practice.doneTitle')} lines={summaryLines(state.outcomes, t, !!seconds)} />;

  const card = state.cards[state.index]!;
  const faces = cardFaces(card);
  return (
    <div className="stack">
      <div className="spread">
        <p className="study-position" aria-live="polite" style={{ margin: 0 }}>
          {t('practice.position', { position: state.index + 1, total: state.cards.length })}
        </p>
        {left !== null && (
          <p
            className={`practice-timer ${left <= 3000 ? 'practice-timer-low' : ''}`}
            style={{ margin: 0 }}
            role="timer"
            aria-label={t('practice.timeLeft')}
          >
            {t('practice.seconds', { count: Math.ceil(left / 1000) })}
          </p>
        )}
      </div>
      <article className="card study-card" aria-label={t('session.flashcard')}>
        <p className="study-side">{t('session.question')}</p>
        <RichText source={faces.front} className="study-text" />
        {state.shown && (
          <section className="study-answer" aria-label={t('session.answer')}>
            <p className="study-side">{t('session.answer')}</p>
            <RichText source={faces.back} className="study-text" />
          </section>
        )}
      </article>
      <div className="row">
        {!state.shown ? (
          <button type="button" className="btn btn-primary" onClick={reveal}>
            {t('session.review.reveal')}
          </button>
        ) : (
          <div className="row" role="group" aria-label={t('practice.selfGrade')}>
            <button type="button" className="btn study-rating-0" onClick={() => grade(false)} aria-keyshortcuts="1">
              {t('practice.didNotKnow')}
            </button>
            <button type="button" className="btn study-rating-2" onClick={() => grade(true)} aria-keyshortcuts="2">
              {t('practice.knewIt')}
            </button>
          </div>
        )}
      </div>
      <p className="muted study-keys">{t('practice.selfGradeKeys')}</p>
    </div>
  );
}

function summaryLines(outcomes: Outcome[], t: ReturnType<typeof useStudyText>, timed: boolean): string[] {
  const right = outcomes.filter((outcome) => outcome.known).length;
  const lines: string[] = [t('practice.rightOf', { right, count: outcomes.length })];
  if (timed) {
    const timedOut = outcomes.filter((outcome) => outcome.timedOut).length;
    const answered = outcomes.filter((outcome) => !outcome.timedOut);
    const average = answered.length
      ? answered.reduce((sum, outcome) => sum + outcome.ms, 0) / answered.length / 1000
      : 0;
    lines.push(t('practice.timedOut', { count: timedOut }));
    lines.push(
      t('practice.average', {
        seconds: new Intl.NumberFormat(studyLanguage(), { maximumFractionDigits: 1 }).format(average),
      }),
    );
  }
  return lines;
}
