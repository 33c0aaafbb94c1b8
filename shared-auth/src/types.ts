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

/** Where a page of the card list (or of search results) starts: after the card with this id. */
export type CardCursor = number | null;

/** One page of cards, newest first, the number of cards matching in all, and the next page's cursor. */
export interface CardPage {
  cards: Card[];
  total: number;
  /** null on the last page. */
  nextCursor: CardCursor;
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
  /** null while the session is still open. */
  ended_at?: string | null;
  created_at: string;
  [field: string]: unknown;
}

export interface DashboardData {
  userStats: { totalCardsStudied: number; averageAccuracy: number; currentStreak: number; [field: string]: unknown };
  recentSessions: StudySession[];
  dailyGoal: { cardsStudied: number; dailyGoal: number; [field: string]: unknown };
}

/**
 * GET /gamification/profile (your own) or /gamification/profile/{id} (someone else's public
 * view, which has no level_progress and no tokens).
 */
export interface GamificationProfile {
  id: number;
  display_name: string | null;
  experience_points: number;
  level: number;
  achievements_unlocked: number;
  /** Own profile only: XP earned within the current level, out of the `next` XP the level takes. */
  level_progress?: { current: number; next: number };
  /** Own profile only. */
  tokens?: number;
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

// ---- Progress statistics, due forecast and notifications ----------------------------------

/** One local day of GET /dashboard/analytics. */
export interface AnalyticsDay {
  /** Local calendar day, 'YYYY-MM-DD'. */
  date: string;
  reviews: number;
  /** Reviews rated other than Again. */
  correct: number;
  /** Percent with one decimal; null on a day without reviews. */
  successRate: number | null;
}

/** GET /dashboard/analytics?days=N: every day listed, oldest first, ending today. */
export interface Analytics {
  days: AnalyticsDay[];
  totals: { reviews: number; correct: number; successRate: number | null };
}

/** GET /dashboard/user-stats */
export interface UserStats {
  totalCardsStudied: number;
  averageAccuracy: number;
  currentStreak: number;
  longestStreak: number;
  totalReviews: number;
  reviewsToday: number;
  totalCards: number;
  studyTimeMs: number;
}

/** GET /dashboard/recent-activity?limit=N, newest first. */
export interface RecentActivity {
  sessions: StudySession[];
}

/** One local day of GET /spaced-repetition/forecast; today's count includes the overdue cards. */
export interface ForecastDay {
  date: string;
  due: number;
}

export interface Forecast {
  days: ForecastDay[];
}

/** A notification of the bell ("Notification" alone is the browser's own global type). */
export interface AppNotification {
  id: number;
  type: string;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
}

/** GET /notifications?limit=N, newest first. */
export interface NotificationList {
  notifications: AppNotification[];
  unreadCount: number;
}

export interface UnreadCount {
  count: number;
}

export interface MarkReadResponse {
  notification: AppNotification;
}

export interface MarkAllReadResponse {
  updated: number;
}
