// Timed practice: choose the seconds per card, then cards of the set or tag (all when none) come
// one by one against the clock; the summary says how many were known, ran out, and how fast.
import { useId, useState } from 'react';
import { learningApi, type StudyScope } from '@flashcard/api-contract';
import { useStudyText } from '../../../i18n';
import { orSavedCards } from '../../offline/offline-study';
import { PracticePage } from './PracticePage';
import { SelfGradedPractice } from './SelfGradedPractice';

const CARDS = 20;
export const SECONDS_CHOICES = [10, 20, 30] as const;
/** Cards of the scope to cram; offline, the cards saved for studying. */
const loadCram = orSavedCards((scope: StudyScope) => learningApi.custom('cram', scope, { limit: CARDS }), CARDS);

export function TimedPracticeScreen() {
  const t = useStudyText();
  const id = useId();
  const [seconds, setSeconds] = useState<number>(20);
  const [started, setStarted] = useState(false);
  return (
    <PracticePage title={t('hub.options.timed.title')}>
      {started ? (
        <SelfGradedPractice load={loadCram} seconds={seconds} />
      ) : (
        <form
          className="card practice-setup"
          onSubmit={(event) => {
            event.preventDefault();
            setStarted(true);
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-seconds`}>{t('practice.secondsPerCard')}</label>
            <select
              id={`${id}-seconds`}
              className="input"
              value={seconds}
              onChange={(e) => setSeconds(Number(e.target.value))}
            >
              {SECONDS_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t('practice.seconds', { count: choice })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            {t('hub.options.timed.start')}
          </button>
        </form>
      )}
    </PracticePage>
  );
}
