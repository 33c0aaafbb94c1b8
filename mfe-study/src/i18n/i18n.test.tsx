// The study namespace in every language: the catalogues match English key for key, and the hub
// and a session speak the chosen language (numbers, plurals, toasts and the keyboard help).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { learningApi } from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { mockStudyApi, renderStudyAt, reviewQueue, spyToasts, studyCards } from '../test/study';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import itMessages from './it';

it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
  expect(catalogueProblems(en, { es, fr, de, it: itMessages })).toEqual([]);
});

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(async () => {
  jest.restoreAllMocks();
  await setLanguage('en');
});

describe('the study area in another language', () => {
  it('speaks French on the hub', async () => {
    mockStudyApi(reviewQueue({ dueCount: 1234, newCount: 0, dailyGoal: { cardsStudied: 6, dailyGoal: 15 } }));
    await setLanguage('fr');

    renderStudyAt('/study');

    expect(screen.getByRole('heading', { level: 1, name: 'Étudier' })).toBeInTheDocument();
    const due = screen.getByRole('region', { name: 'À réviser' });
    // French groups thousands with a narrow no-break space.
    expect(await within(due).findByText(/^1\s234$/)).toBeInTheDocument();
    expect(within(due).getByRole('button', { name: 'Commencer la révision' })).toBeEnabled();
    const fresh = screen.getByRole('region', { name: 'Nouvelles cartes' });
    expect(within(fresh).getByRole('button', { name: 'Apprendre de nouvelles cartes' })).toHaveAccessibleDescription(
      'Aucune nouvelle carte à apprendre pour le moment.',
    );
    const goal = screen.getByRole('region', { name: 'Objectif du jour' });
    expect(within(goal).getByText('6/15')).toBeInTheDocument();
    expect(within(goal).getByText(/^40\s%\satteint$/)).toBeInTheDocument();
    expect(within(goal).getByRole('progressbar', { name: 'Progression de l’objectif du jour' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commencer l’entraînement chronométré' })).toHaveAttribute(
      'href',
      '/study/timed',
    );
  });

  it('toasts in French when the hub cannot load', async () => {
    jest.spyOn(learningApi, 'reviewQueue').mockRejectedValue(new Error('down'));
    await setLanguage('fr');

    renderStudyAt('/study');

    expect(await screen.findByText('Votre objectif du jour n’a pas pu être chargé.')).toBeInTheDocument();
    expect(toasts.error).toHaveBeenCalledWith('Impossible de charger les données d’étude');
    expect(screen.getAllByText('Impossible de charger ce nombre.')).toHaveLength(2);
  });

  it('reads timed practice in Italian', async () => {
    mockStudyApi();
    await setLanguage('it');

    renderStudyAt('/study/timed');

    expect(screen.getByRole('heading', { level: 1, name: 'Allenamento a tempo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Secondi per carta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna allo studio' })).toBeInTheDocument();
  });

  it('runs a review session in German, from the first card to the completion screen', async () => {
    mockStudyApi(reviewQueue({ due: studyCards(2) }));
    const user = userEvent.setup();
    await setLanguage('de');

    renderStudyAt('/study/review');

    expect(await screen.findByText('Karte 1 von 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Wiederholungssitzung' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt der Sitzung' })).toHaveAttribute(
      'aria-valuetext',
      '0 von 2 Karten bewertet',
    );
    expect(screen.getByText(/^Tastatur:/)).toHaveTextContent(
      'Tastatur: Leertaste oder Eingabe zeigt die Antwort, 1–4 bewerten (Nochmal, Schwer, Gut und Einfach), U macht die letzte Bewertung rückgängig.',
    );
    expect(screen.getByText('Leertaste').tagName).toBe('KBD');

    await user.click(screen.getByRole('button', { name: 'Antwort zeigen' }));
    expect(screen.getByRole('region', { name: 'Antwort' })).toHaveTextContent('Answer 1');
    const ratings = within(screen.getByRole('group', { name: 'Bewerte deine Antwort' })).getAllByRole('button');
    // Named by what they show; the sentence is their description.
    expect(ratings.map((b) => b.textContent)).toEqual(['Nochmal 1m', 'Schwer 6m', 'Gut 1d', 'Einfach 1mo']);
    expect(ratings[0]).toHaveAccessibleDescription('Nochmal, nächste Wiederholung in 1m');
    expect(ratings[3]).toHaveAccessibleDescription('Einfach, nächste Wiederholung in 1mo');
    await user.click(ratings[2]);

    expect(await screen.findByText('Karte 2 von 2')).toBeInTheDocument();
    expect(screen.getByText('1 erledigt')).toBeInTheDocument();
    await user.keyboard('u');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Letzte Bewertung rückgängig gemacht'));
    await user.keyboard(' 3');
    await screen.findByText('Karte 2 von 2');
    await user.keyboard(' 4');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sitzung abgeschlossen!' })).toBeInTheDocument();
    expect(screen.getByText('Du hast 2 Karten wiederholt. Gut gemacht!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fortschritt ansehen' })).toHaveAttribute('href', '/progress');
    expect(toasts.success).toHaveBeenCalledWith('Wiederholungssitzung abgeschlossen!');
  });

  it('says a single new card learned in Spanish', async () => {
    mockStudyApi(reviewQueue({ new: studyCards(1) }));
    const user = userEvent.setup();
    await setLanguage('es');

    renderStudyAt('/study/new');

    expect(await screen.findByText('Tarjeta nueva 1 de 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descubrir respuesta' }));
    await user.click(screen.getByRole('button', { name: /^Bien\b/ }));

    expect(await screen.findByRole('heading', { level: 1, name: '¡Tarjetas nuevas aprendidas!' })).toBeInTheDocument();
    expect(screen.getByText('Has aprendido 1 tarjeta nueva.')).toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('¡Sesión de aprendizaje completada!');
  });

  it('toasts in Spanish when nothing is due', async () => {
    mockStudyApi(reviewQueue({ due: [] }));
    await setLanguage('es');

    renderStudyAt('/study/review');

    expect(await screen.findByRole('heading', { level: 1, name: 'Estudiar' })).toBeInTheDocument();
    expect(toasts.error).toHaveBeenCalledWith('No hay tarjetas para repasar');
  });
});

describe('English', () => {
  it('keeps the keyboard help and the spec texts', async () => {
    mockStudyApi(reviewQueue({ new: studyCards(2) }));

    renderStudyAt('/study/new');

    expect(await screen.findByText('New Card 1 of 2')).toBeInTheDocument();
    expect(screen.getByText(/^Keyboard:/)).toHaveTextContent(
      'Keyboard: Space or Enter shows the answer, 1–3 rate (Hard, Good, Easy), U undoes the last rating.',
    );
    expect(screen.getByRole('progressbar', { name: 'Session progress' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 2 cards rated',
    );
  });
});
