// Exposed as mfe_study/App; the shell mounts it at /study/*, so every path here is relative.
import { Navigate, Route, Routes } from 'react-router-dom';
import { StudyHub } from './features/hub/components/StudyHub';
import { ComingSoon } from './features/placeholders/components/ComingSoon';

export default function StudyApp() {
  return (
    <Routes>
      <Route index element={<StudyHub />} />
      {/* Spec: review and flashcards are the same review session (not built yet). */}
      <Route path="review" element={<ComingSoon title="Review Session" />} />
      <Route path="flashcards" element={<ComingSoon title="Review Session" />} />
      <Route path="new" element={<ComingSoon title="Learn New Cards" />} />
      <Route path="multiple-choice" element={<ComingSoon title="Multiple Choice" />} />
      <Route path="timed" element={<ComingSoon title="Timed Practice" />} />
      {/* Unknown sub-paths fall back to the hub rather than a blank area. */}
      <Route path="*" element={<Navigate to=".." replace />} />
    </Routes>
  );
}
