// Custom study: cram every card of a set or tag (before an exam), or study the cards due in the
// next days ahead of time. Practice only: schedules stay as they are.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { learningApi, STUDY_AHEAD_DAYS, type StudyScope } from '@flashcard/api-contract';
import { useStudyText } from '../../../i18n';
import { orSavedCards } from '../../offline/offline-study';
import { PracticePage } from './PracticePage';
import { SelfGradedPractice } from './SelfGradedPractice';

export const AHEAD_DAYS = [1, 3, 7, 14, 30] as const;
/** Cards a custom study takes at most. */
const CUSTOM_LIMIT = 200;

export function CustomStudyScreen() {
  const t = useStudyText();
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'ahead' ? 'ahead' : 'cram';
  const days = Number(params.get('days')) || STUDY_AHEAD_DAYS.default;
  // Cramming offline takes the cards saved for studying; what falls due ahead needs the server.
  const load = useMemo(
    () =>
      mode === 'cram'
        ? orSavedCards((scope: StudyScope) => learningApi.custom('cram', scope, { limit: CUSTOM_LIMIT }), CUSTOM_LIMIT)
        : (scope: StudyScope) => learningApi.custom('ahead', scope, { days, limit: CUSTOM_LIMIT }),
    [mode, days],
  );
  return (
    <PracticePage
      title={mode === 'cram' ? t('practice.cramTitle') : t('practice.aheadTitle', { count: days })}
      subtitle={t('practice.notScheduled')}
    >
      <SelfGradedPractice load={load} />
    </PracticePage>
  );
}
