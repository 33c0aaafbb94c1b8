import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useStudyOverview } from '../hooks/useStudyOverview';
import { DailyGoalCard } from './DailyGoalCard';
import { QueueCard } from './QueueCard';

// Relative links: the shell mounts this remote at /study/*, the standalone harness at /.
const STUDY_OPTIONS = [
  { to: 'flashcards', title: 'Flashcards', description: 'Flip through your due cards and rate how well you knew them.' },
  { to: 'multiple-choice', title: 'Multiple Choice', description: 'Pick the right answer from several options.' },
  { to: 'timed', title: 'Timed Practice', description: 'Answer as many cards as you can against the clock.' },
];

export function StudyHub() {
  const optionsId = useId();
  const state = useStudyOverview();
  const overview = state.status === 'ready' ? state.overview : null;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Study</h1>
          <p className="muted">Choose how you want to study today.</p>
        </div>
      </header>

      <div className="stack">
        <div className="grid grid-3">
          <QueueCard
            title="Due for Review"
            count={overview?.dueCount ?? null}
            countLabel="cards due now"
            action="Start Review Session"
            to="review"
          />
          <QueueCard
            title="New Cards"
            count={overview?.newCount ?? null}
            countLabel="cards not studied yet"
            action="Learn New Cards"
            to="new"
          />
          <DailyGoalCard state={state} />
        </div>

        <section aria-labelledby={optionsId}>
          <h2 id={optionsId}>Study Options</h2>
          <ul className="grid grid-3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {STUDY_OPTIONS.map((option) => (
              <li key={option.to} className="card stack" style={{ gap: '0.5rem' }}>
                <h3 style={{ margin: 0 }}>{option.title}</h3>
                <p className="muted" style={{ margin: 0 }}>
                  {option.description}
                </p>
                <div>
                  <Link className="btn btn-small" to={option.to}>
                    {`Start ${option.title}`}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
