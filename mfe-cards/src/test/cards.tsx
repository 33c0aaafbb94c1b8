// Test helpers shared by the screen's tests: card factories, API spies and a router like the shell's.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import {
  cardsApi,
  categoriesApi,
  presetsApi,
  type Card,
  type CardPage,
  type Category,
  type FilterOptions,
  type StudyPreset,
} from '@flashcard/api-contract';
import CardsApp from '../App';
import { useOfflineCards } from '../features/offline/offline-cards';

export function makeCard(id: number, overrides: Partial<Card> = {}): Card {
  return {
    id,
    note_guid: `note-${id}`,
    kind: 'basic',
    ord: 0,
    question: `Question ${id}`,
    answer: `Answer ${id}`,
    difficulty_level: 1,
    tags: null,
    college: null,
    class_name: null,
    category_id: null,
    category_name: null,
    category: null,
    language: null,
    known: false,
    repetitions: 0,
    lapses: 0,
    state: 'new',
    due: null,
    suspended: false,
    buried_until: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCards(count: number): Card[] {
  return Array.from({ length: count }, (_, i) => makeCard(i + 1));
}

/** What the list and search calls resolve to: by default the whole list as one (last) page. */
export function page(cards: Card[], more: Partial<Omit<CardPage, 'cards'>> = {}): CardPage {
  return { cards, total: cards.length, nextCursor: null, ...more };
}

export const BIOLOGY: Category = {
  id: 3,
  name: 'Biology 101',
  card_count: 2,
  language: null,
  created_at: '2025-01-01T00:00:00.000Z',
};
export const HISTORY: Category = {
  id: 5,
  name: 'History',
  card_count: 0,
  language: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

/** The default preset with the product's defaults and, here, Biology 101. */
export const DEFAULT_PRESET: StudyPreset = {
  id: 0,
  name: 'Default',
  isDefault: true,
  newCardsPerDay: 20,
  maximumReviewsPerDay: 200,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  desiredRetention: 0.9,
  maximumInterval: 36500,
  fsrsParameters: null,
  sets: [{ id: BIOLOGY.id, name: BIOLOGY.name }],
};

interface Setup {
  cards?: Card[];
  categories?: Category[];
  options?: FilterOptions;
}

/**
 * Spy every call the screen makes on mount; each test overrides what it exercises. The page's
 * offline state starts over too (online, nothing queued).
 */
export function mockApis({ cards = [], categories = [BIOLOGY, HISTORY], options }: Setup = {}) {
  useOfflineCards.setState({ online: true, queued: [], savedAt: null });
  return {
    list: jest.spyOn(cardsApi, 'list').mockResolvedValue(page(cards)),
    filterOptions: jest
      .spyOn(cardsApi, 'filterOptions')
      .mockResolvedValue(options ?? { colleges: ['MIT', 'Stanford'], classes: ['Bio 101', 'CS 50'] }),
    categories: jest.spyOn(categoriesApi, 'list').mockResolvedValue(categories),
    // Every set on the default preset.
    presets: jest
      .spyOn(presetsApi, 'list')
      .mockResolvedValue([{ ...DEFAULT_PRESET, sets: categories.map(({ id, name }) => ({ id, name })) }]),
  };
}

export function spyToasts() {
  return {
    success: jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id'),
    error: jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id'),
  };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: under a /cards/* splat route. */
export function renderCards(path = '/cards') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cards/*" element={<CardsApp />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
