import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { STUDY_AHEAD_DAYS, type StudyScope } from '@flashcard/api-contract';
import { useStudyText } from '../../../i18n';
import { AHEAD_DAYS } from '../../practice/components/CustomStudyScreen';
import { scopeSearch } from '../../scope';

/** Custom study of the chosen set or tag: cram it, or study the coming days ahead. */
export function CustomStudyCard({ scope }: { scope: StudyScope }) {
  const t = useStudyText();
  const headingId = useId();
  const daysId = useId();
  const [days, setDays] = useState<number>(STUDY_AHEAD_DAYS.default);
  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.5rem' }}>
      <h2 id={headingId}>{t('hub.custom.title')}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('hub.custom.description')}
      </p>
      <div className="row">
        <Link className="btn btn-small" to={`custom${scopeSearch(scope, { mode: 'cram' })}`}>
          {t('hub.custom.cram')}
        </Link>
      </div>
      <div className="row">
        <label htmlFor={daysId} className="visually-hidden">
          {t('hub.custom.daysLabel')}
        </label>
        <select
          id={daysId}
          className="input study-days"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {AHEAD_DAYS.map((choice) => (
            <option key={choice} value={choice}>
              {t('hub.custom.days', { count: choice })}
            </option>
          ))}
        </select>
        <Link className="btn btn-small" to={`custom${scopeSearch(scope, { mode: 'ahead', days: String(days) })}`}>
          {t('hub.custom.ahead')}
        </Link>
      </div>
    </section>
  );
}
