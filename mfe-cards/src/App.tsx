// Exposed as mfe_cards/App; the shell mounts it at /cards/*.
import { CardsPage } from './features/cards/components/CardsPage';

export default function CardsApp() {
  return <CardsPage />;
}
