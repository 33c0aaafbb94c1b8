import '@flashcard/shared-ui/src/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { ShellProviders } from './ShellProviders';
import { startPlatform } from './federation/platform';

// Ask the registry what to load now, beside the session check: nothing waits for it but the
// remote areas, so /login paints without it.
startPlatform();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ShellProviders>
        <App />
      </ShellProviders>
    </BrowserRouter>
  </StrictMode>,
);
