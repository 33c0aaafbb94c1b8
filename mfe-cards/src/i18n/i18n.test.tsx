// The cards namespace: every language has exactly English's keys (plus the CLDR "many" forms
// Spanish, French and Italian need), no empty text, the same placeholders; and the screen really
// speaks the language chosen.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { cardsApi } from '@flashcard/api-contract';
import { makeCard, mockApis, renderCards, spyToasts } from '../test/cards';
import { confirmDeleteSet, message } from '../features/cards/messages';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import italian from './it';

it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
  expect(catalogueProblems(en, { es, fr, de, it: italian })).toEqual([]);
});

describe('the cards screen in another language', () => {
  afterEach(async () => {
    cleanup(); // unmount first: the switch back must not re-render a screen outside act()
    await setLanguage('en');
    jest.restoreAllMocks();
  });

  it('shows the page, the filters, the count and the cards in French', async () => {
    await setLanguage('fr');
    mockApis({ cards: [makeCard(1, { difficulty_level: 3, known: true }), makeCard(2)] });

    renderCards();

    expect(screen.getByRole('heading', { level: 1, name: 'Mes cartes mémoire' })).toBeInTheDocument();
    expect(await screen.findByText('2 cartes affichées')).toBeInTheDocument();
    const filters = screen.getByRole('region', { name: 'Filtres' });
    expect(within(filters).getByRole('heading', { name: 'Filtres' })).toBeInTheDocument();
    expect(within(filters).getByLabelText('Établissement')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Paquet')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Masquer les cartes connues')).toBeInTheDocument();
    expect(
      within(within(filters).getByLabelText('Difficulté min.')).getByRole('option', { name: '3 Difficile' }),
    ).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'Effacer les filtres' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ajouter une carte' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des cartes' })).toHaveAttribute(
      'placeholder',
      'Rechercher dans les questions, réponses et étiquettes',
    );
    expect(screen.getByRole('button', { name: 'Marquer comme inconnue : Question 1' })).toBeInTheDocument();
    expect(screen.getByText('Difficile')).toBeInTheDocument();
    expect(screen.getByText('Connue')).toBeInTheDocument();
  });

  it('translates the phone filters toggle, with its count of active filters', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 640px)',
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    try {
      await setLanguage('fr');
      mockApis({ cards: [makeCard(1)] });
      const user = userEvent.setup();

      renderCards();
      await screen.findByText('1 carte affichée');
      const toggle = screen.getByRole('button', { name: /^Filtres/ });
      await user.click(toggle);
      await user.selectOptions(screen.getByLabelText('Établissement'), 'MIT');
      await user.click(toggle);
      expect(toggle).toHaveAccessibleName('Filtres 1 actif');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('shows a failed load and its toast in French', async () => {
    await setLanguage('fr');
    const toasts = spyToasts();
    mockApis();
    jest.spyOn(cardsApi, 'list').mockRejectedValue(new Error('offline'));

    renderCards();

    expect(await screen.findByText('Impossible de charger vos cartes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Impossible de charger les cartes'));
  });

  it('opens the import dialog in French, its header line kept as code', async () => {
    await setLanguage('fr');
    mockApis();
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Aucune carte pour l’instant');
    await user.click(screen.getByRole('button', { name: 'Importer' }));

    const dialog = screen.getByRole('dialog', { name: 'Importer des cartes' });
    expect(within(dialog).getByText('question,answer,tags').tagName).toBe('CODE');
    expect(within(dialog).getByText(/^Une carte par ligne/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('speaks German too, with numbers formatted for the language', async () => {
    await setLanguage('de');
    mockApis({ cards: [makeCard(1)] });

    renderCards();

    expect(screen.getByRole('heading', { level: 1, name: 'Meine Karteikarten' })).toBeInTheDocument();
    expect(await screen.findByText('1 Karte wird angezeigt')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Hochschule')).toBeInTheDocument();
    expect(confirmDeleteSet('Bio', 1200)).toBe(
      'Stapel „Bio“ löschen? Die 1.200 Karten darin bleiben erhalten und werden aus dem Stapel genommen.',
    );
    expect(message('deleteFailed')).toBe('Karte konnte nicht gelöscht werden');
  });

  it('keeps the spec texts exact in English', () => {
    expect(message('loadFailed')).toBe('Failed to load cards');
    expect(confirmDeleteSet('Bio', 0)).toBe('Delete the set "Bio"? It has no cards.');
  });
});
