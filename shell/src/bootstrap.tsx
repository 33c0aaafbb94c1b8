import '@flashcard/shared-ui/src/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { ShellProviders } from './ShellProviders';
import { loadRegistry } from './federation/registry';

// Start fetching the remotes registry now; the first remote route awaits it.
loadRegistry().catch((err) => console.error('[federation] /remotes.json could not be loaded', err));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ShellProviders>
        <App />
      </ShellProviders>
    </BrowserRouter>
  </StrictMode>,
);
