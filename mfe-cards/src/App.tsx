// Exposed as mfe_cards/App; the shell mounts it at /cards/*, so every path here is relative.
import { Navigate, Route, Routes } from 'react-router-dom';
import { mediaApi } from '@flashcard/api-contract';
import { RichMediaProvider, cachedMediaResolver } from '@flashcard/shared-ui';
import { CardsPage } from './features/cards/components/CardsPage';

/** The learner's images in cards, fetched once per page (looked up at each call, so a test's stand-in answers). */
const media = cachedMediaResolver((name) => mediaApi.fetch(name));

/** The area's first calls, which the shell starts beside this code. */
export { prefetch } from './prefetch';

export default function CardsApp() {
  return (
    <RichMediaProvider resolve={media}>
      <Routes>
        <Route index element={<CardsPage />} />
        {/* Unknown sub-paths (e.g. an old /cards/42 link) fall back to the list. */}
        <Route path="*" element={<Navigate to=".." replace />} />
      </Routes>
    </RichMediaProvider>
  );
}
