// Exposed as mfe_cards/App; the shell mounts it at /cards/*, so every path here is relative.
import { Navigate, Route, Routes } from 'react-router-dom';
import { CardsPage } from './features/cards/components/CardsPage';

export default function CardsApp() {
  return (
    <Routes>
      <Route index element={<CardsPage />} />
      {/* Unknown sub-paths (e.g. an old /cards/42 link) fall back to the list. */}
      <Route path="*" element={<Navigate to=".." replace />} />
    </Routes>
  );
}
