// Exposed as mfe_study/App; the shell mounts it at /study/*, so every path here is relative.
import { Navigate, Route, Routes } from 'react-router-dom';
import { mediaApi } from '@flashcard/api-contract';
import { RichMediaProvider, cachedMediaResolver } from '@flashcard/shared-ui';
import './i18n'; // registers the 'study' namespace before the first render
import { StudyHub } from './features/hub/components/StudyHub';
import { OfflineBanner } from './features/offline/components/OfflineBanner';
import { offlineMediaFetch } from './features/offline/offline-media';
import { signedInUser } from './features/offline/offline-study';
import { CustomStudyScreen } from './features/practice/components/CustomStudyScreen';
import { MultipleChoiceScreen } from './features/practice/components/MultipleChoiceScreen';
import { TimedPracticeScreen } from './features/practice/components/TimedPracticeScreen';
import { StudySessionScreen } from './features/session/components/StudySessionScreen';

/** The learner's images in cards, fetched once per page; offline, the copies kept for the saved cards. */
const media = cachedMediaResolver(offlineMediaFetch(signedInUser, mediaApi.fetch));

/** The area's first calls, which the shell starts beside this code. */
export { prefetch } from './prefetch';

export default function StudyApp() {
  return (
    <RichMediaProvider resolve={media}>
      <OfflineBanner />
      <Routes>
        <Route index element={<StudyHub />} />
        {/* Spec: review and flashcards are the same review session. The keys give each route
            its own session instead of React reusing one instance across them. */}
        <Route path="review" element={<StudySessionScreen key="review" kind="review" />} />
        <Route path="flashcards" element={<StudySessionScreen key="flashcards" kind="review" />} />
        <Route path="new" element={<StudySessionScreen key="new" kind="new" />} />
        <Route path="multiple-choice" element={<MultipleChoiceScreen />} />
        <Route path="timed" element={<TimedPracticeScreen />} />
        <Route path="custom" element={<CustomStudyScreen />} />
        {/* Unknown sub-paths fall back to the hub rather than a blank area. */}
        <Route path="*" element={<Navigate to=".." replace />} />
      </Routes>
    </RichMediaProvider>
  );
}
