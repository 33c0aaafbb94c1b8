// Standalone entry: only used when this remote runs on its own dev server. It renders the three
// exposed screens under a tiny router (App.tsx) at /social, /achievements and /profile.
import '@flashcard/shared-ui/src/styles.css';
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from '@flashcard/shared-ui';
import App from './App';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness>
    <App />
  </StandaloneHarness>,
);
