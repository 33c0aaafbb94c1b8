import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '@flashcard/shared-auth';
import { createNamespace } from './create-namespace';

const en = { greeting: 'Hello {{name}}', farewell: 'Goodbye' };

declare module 'i18next' {
  interface ResourceNamespaceMap {
    kitTest: typeof en;
  }
}

const loaded: string[] = [];
const chunk = (language: string, messages: typeof en) => () => {
  loaded.push(language);
  return Promise.resolve({ default: messages });
};
const kit = createNamespace('kitTest', {
  en,
  es: chunk('es', { greeting: 'Hola {{name}}', farewell: 'Adiós' }),
  fr: chunk('fr', { greeting: 'Bonjour {{name}}', farewell: 'Au revoir' }),
  de: chunk('de', { greeting: 'Hallo {{name}}', farewell: 'Tschüss' }),
  it: chunk('it', { greeting: 'Ciao {{name}}', farewell: 'Arrivederci' }),
});

afterEach(() => setLanguage('en'));

function Greeting() {
  const { t, language } = kit.useLocale();
  const farewell = kit.useText()('farewell');
  return (
    <p>
      {t('greeting', { name: 'Ada' })} ({language}) {farewell}
    </p>
  );
}

it('registers English at once and fetches another language only when the page switches to it', async () => {
  expect(kit.namespace).toBe('kitTest');
  expect(kit.text('greeting', { name: 'Ada' })).toBe('Hello Ada');
  expect(loaded).toEqual([]);
  await setLanguage('de');
  expect(loaded).toEqual(['de']);
  expect(kit.text('farewell')).toBe('Tschüss');
});

it("re-renders its components in the page's new language", async () => {
  render(<Greeting />);
  expect(screen.getByText('Hello Ada (en) Goodbye')).toBeInTheDocument();
  await act(() => setLanguage('es'));
  expect(screen.getByText('Hola Ada (es) Adiós')).toBeInTheDocument();
});
