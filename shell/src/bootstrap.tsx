import '@flashcard/shared-ui/src/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { ShellProviders } from './ShellProviders';
import { startPlatform } from './federation/platform';
import { registerServiceWorker } from './offline/register';
import { initialLanguage } from './settings/settings-store';
import { setLanguage } from '@flashcard/shared-auth';

// Ask the registry what to load now, beside the session check: nothing waits for it but the
// remote areas, so /login paints without it.
startPlatform();
// The last account's language on this browser, else the browser's own, until settings arrive.
void setLanguage(initialLanguage());
// The site opens offline once a page has loaded here (after that load, not during it).
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ShellProviders>
        <App />
      </ShellProviders>
    </BrowserRouter>
  </StrictMode>,
);
