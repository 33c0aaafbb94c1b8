// Test helpers shared by the study tests: card factories, API spies and a router like the shell's.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import {
  dashboardApi,
  learningApi,
  spacedRepetitionApi,
  type ReviewQueue,
  type SessionType,
  type StudyCard,
  type StudySession,
} from '@flashcard/api-contract';
import StudyApp from '../App';

const DUE = '2030-01-01T00:00:00.000Z';

/** Intervals differ per card so a test can tell whose preview is on screen. */
export function studyCard(id: number, overrides: Partial<StudyCard> = {}): StudyCard {
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
    repetitions: 0,
    lapses: 0,
    known: false,
    state: 'new',
    due: null,
    suspended: false,
    buried_until: null,
    created_at: DUE,
    updated_at: DUE,
    memory: {
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      last_review: null,
    },
    preview: {
      '0': { interval: `${id}m`, due: DUE },
      '1': { interval: `${id + 5}m`, due: DUE },
      '2': { interval: `${id}d`, due: DUE },
      '3': { interval: `${id}mo`, due: DUE },
    },
    ...overrides,
  };
}

export function studyCards(count: number, overrides: Partial<StudyCard> = {}): StudyCard[] {
  return Array.from({ length: count }, (_, i) => studyCard(i + 1, overrides));
}

export function reviewQueue(overrides: Partial<ReviewQueue> = {}): ReviewQueue {
  const due = overrides.due ?? [];
  const fresh = overrides.new ?? [];
  return {
    dueCount: due.length,
    newCount: fresh.length,
    newWaiting: fresh.length,
    newCardsPerDay: 20,
    due,
    new: fresh,
    dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
    scheduler: { desiredRetention: 0.9, maximumInterval: 36_500, parameters: null },
    ...overrides,
  };
}

function session(id: number, type: SessionType): StudySession {
  return { id, session_type: type, cards_studied: 0, accuracy: 0, started_at: DUE, ended_at: null, created_at: DUE };
}

/**
 * Spies on every call a session makes. Reviews succeed with reviewIds 101, 102, ...; undo
 * returns the card of that review as the server would restore it (question marked 'restored').
 */
export function mockStudyApi(queue: ReviewQueue = reviewQueue()) {
  let nextReviewId = 101;
  const reviewedCard = new Map<number, number>();
  return {
    reviewQueue: jest.spyOn(learningApi, 'reviewQueue').mockResolvedValue(queue),
    startSession: jest.spyOn(dashboardApi, 'startSession').mockImplementation(async ({ session_type }) => ({
      sessionId: 77,
      session: session(77, session_type === 'practice' ? 'practice' : 'review'),
    })),
    endSession: jest.spyOn(dashboardApi, 'endSession').mockResolvedValue({ session: session(77, 'review') }),
    review: jest.spyOn(spacedRepetitionApi, 'review').mockImplementation(async (input) => {
      const reviewId = nextReviewId++;
      const cardId = Number(input.cardId);
      reviewedCard.set(reviewId, cardId);
      return { card: studyCard(cardId), reviewId, xpEarned: 10, leech: false };
    }),
    undo: jest.spyOn(spacedRepetitionApi, 'undo').mockImplementation(async (reviewId) => {
      const cardId = reviewedCard.get(reviewId);
      if (cardId === undefined) throw new Error(`no review ${reviewId}`);
      return { card: studyCard(cardId, { question: `Question ${cardId} (restored)` }) };
    }),
  };
}

export function spyToasts() {
  return {
    success: jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id'),
    error: jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id'),
  };
}

/** A promise the test settles by hand: what the screen shows while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: under /study/*, next to a text field like the top bar's search box. */
export function renderStudyAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <input aria-label="Search" />
      <Routes>
        <Route path="/study/*" element={<StudyApp />} />
        <Route path="/progress" element={<h1>Progress page</h1>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
