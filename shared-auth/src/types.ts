// Shapes of the data the API returns, shared by the shell and every remote.

export type Role = 'user' | 'admin' | 'super_admin';

export interface User {
  id: number;
  email: string;
  display_name: string | null;
  role: Role;
  created_at: string;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResponse {
  user: User;
  tokens: Tokens;
  message: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  display_name?: string;
  [field: string]: unknown;
}

export interface Card {
  id: number;
  question: string;
  answer: string;
  difficulty_level: number;
  tags: string | null;
  college: string | null;
  class_name: string | null;
  category_id: number | null;
  category_name: string | null;
  category: string | null;
  repetitions?: number | null;
  known?: boolean;
  state?: CardState;
  due?: string | null;
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

/** Scheduler state of a card; 'new' until its first review. */
export type CardState = 'new' | 'learning' | 'review' | 'relearning';

export interface CardInput {
  question: string;
  answer: string;
  difficulty_level: number;
  tags?: string;
  college?: string;
  class_name?: string;
  category_id?: number | null;
}

export interface CardFilters {
  category?: number | string;
  college?: string;
  class_name?: string;
  difficultyMin?: number;
  difficultyMax?: number;
  hideKnown?: boolean;
}

export interface FilterOptions {
  colleges: string[];
  classes: string[];
}

export interface Category {
  id: number;
  name: string;
  card_count?: number;
  [field: string]: unknown;
}

/** DELETE /categories/:id keeps the set's cards; they become unfiled. */
export interface CategoryDeleteResult {
  message: string;
  cardsUnfiled: number;
}

export interface MoveToSetResult {
  moved: number;
}

export interface ResetKnownResult {
  updated: number;
}

export type ImportFormat = 'csv' | 'tsv';

export interface ImportInput {
  text: string;
  /** Detected by the server when absent. */
  format?: ImportFormat;
  categoryId?: number | null;
  /** Validate and preview only; nothing is written. */
  dryRun?: boolean;
}

export interface ImportRow {
  /** 1-based line of data. */
  row: number;
  question: string;
  answer: string;
  tags: string | null;
}

export interface ImportRowError {
  row: number;
  error: string;
}

export interface ImportResult {
  imported: number;
  total: number;
  rows: ImportRow[];
  errors: ImportRowError[];
}

export type SessionType = 'practice' | 'review' | 'other';

export interface StudySession {
  id: number;
  session_type: SessionType | string;
  cards_studied: number;
  accuracy: number;
  started_at: string;
  created_at: string;
  [field: string]: unknown;
}

export interface DashboardData {
  userStats: { totalCardsStudied: number; averageAccuracy: number; currentStreak: number; [field: string]: unknown };
  recentSessions: StudySession[];
  dailyGoal: { cardsStudied: number; dailyGoal: number; [field: string]: unknown };
}

export interface GamificationProfile {
  experience_points: number;
  [field: string]: unknown;
}

/** App rating 0-3: Again, Hard, Good, Easy. */
export type ReviewResult = 0 | 1 | 2 | 3;

export interface ReviewInput {
  cardId: number;
  result: ReviewResult;
  /** Milliseconds from showing the card to the rating. */
  timeSpent: number;
  /** The study session (from dashboardApi.startSession) the review counts towards. */
  sessionId?: number;
}

/** What one rating would schedule: a short label ('10m', '3d', '2mo') and the due time (ISO). */
export interface RatingPreview {
  interval: string;
  due: string;
}

/** Study responses say, per rating 0-3, what it would schedule. */
export type SchedulingPreview = Record<`${ReviewResult}`, RatingPreview>;

/** A card as the study endpoints return it: with the preview of each rating. */
export interface StudyCard extends Card {
  preview: SchedulingPreview;
}

export type DailyGoalProgress = DashboardData['dailyGoal'];

/** GET /learning/review-queue */
export interface ReviewQueue {
  dueCount: number;
  newCount: number;
  /** Due now (learning cards within the 20-minute learn-ahead included), ordered by due. */
  due: StudyCard[];
  /** The first `newLimit` never-reviewed cards, oldest first. */
  new: StudyCard[];
  dailyGoal: DailyGoalProgress;
}

/** POST /spaced-repetition/review */
export interface ReviewResponse {
  card: StudyCard;
  reviewId: number;
  xpEarned: number;
}

/** POST /spaced-repetition/undo: the card exactly as before the undone review. */
export interface UndoReviewResponse {
  card: StudyCard;
}

export interface StartSessionInput {
  session_type: 'review' | 'practice';
  [field: string]: unknown;
}

export interface StartSessionResponse {
  sessionId: number;
  session: StudySession;
}

export interface EndSessionInput {
  cards_studied?: number;
  /** Ratings other than Again; the server computes the accuracy from it. */
  correct_count?: number;
  [field: string]: unknown;
}

export interface EndSessionResponse {
  session: StudySession;
}
