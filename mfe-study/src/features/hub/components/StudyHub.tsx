import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useStudyText } from '../../../i18n';
import { scopeSearch, useScope } from '../../scope';
import { useStudyOverview } from '../hooks/use-study-overview';
import { CustomStudyCard } from './CustomStudyCard';
import { DailyGoalCard } from './DailyGoalCard';
import { QueueCard } from './QueueCard';
import { ScopePicker } from './ScopePicker';

// Relative links: the shell mounts this remote at /study/*, the standalone harness at /.
// `text` names the option's messages (`hub.options.<text>.*`).
const STUDY_OPTIONS = [
  { to: 'flashcards', text: 'flashcards' },
  { to: 'multiple-choice', text: 'multipleChoice' },
  { to: 'timed', text: 'timed' },
] as const;

export function StudyHub() {
  const optionsId = useId();
  const t = useStudyText();
  const scope = useScope();
  const state = useStudyOverview(scope);
  const search = scopeSearch(scope);
  const overview = state.status === 'ready' ? state.overview : null;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('hub.title')}</h1>
          <p className="muted">{t('hub.subtitle')}</p>
        </div>
        <ScopePicker scope={scope} />
      </header>

      <div className="stack">
        <div className="grid grid-3">
          <QueueCard
            title={t('hub.due.title')}
            count={overview?.dueCount ?? null}
            countLabel={t('hub.due.countLabel')}
            action={t('hub.due.action')}
            emptyReason={t('hub.due.empty')}
            failed={state.status === 'failed'}
            to={`review${search}`}
          />
          <QueueCard
            title={t('hub.fresh.title')}
            count={overview?.newCount ?? null}
            countLabel={t('hub.fresh.countLabel')}
            detail={
              overview
                ? t('hub.fresh.waiting', { waiting: overview.newWaiting, perDay: overview.newCardsPerDay })
                : undefined
            }
            action={t('hub.fresh.action')}
            emptyReason={t('hub.fresh.empty')}
            failed={state.status === 'failed'}
            to={`new${search}`}
          />
          <DailyGoalCard state={state} />
        </div>

        <section aria-labelledby={optionsId}>
          <h2 id={optionsId}>{t('hub.options.title')}</h2>
          <ul className="grid grid-3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {STUDY_OPTIONS.map((option) => (
              <li key={option.to} className="card stack" style={{ gap: '0.5rem' }}>
                <h3 style={{ margin: 0 }}>{t(`hub.options.${option.text}.title`)}</h3>
                <p className="muted" style={{ margin: 0 }}>
                  {t(`hub.options.${option.text}.description`)}
                </p>
                <div>
                  <Link className="btn btn-small" to={`${option.to}${search}`}>
                    {t(`hub.options.${option.text}.start`)}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <CustomStudyCard scope={scope} />
      </div>
    </div>
  );
}
