import { useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { dashboardApi, gamificationApi, type StudySession } from '@flashcard/api-contract';
import { unanswered, useLoad } from '@flashcard/shared-ui';
import { progressText } from '../../../i18n';

export interface ProgressData {
  totalCardsStudied: number;
  /**
   * THE success rate: correct reviews / all reviews (percent), as the API's dashboard counts it
   * and the shell's dashboard shows it; null before any review.
   */
  successRate: number | null;
  currentStreak: number;
  experiencePoints: number;
  /** The gamification profile could not be read: XP shows 0 (spec) with a short note. */
  experienceUnavailable: boolean;
  recentSessions: StudySession[];
}

const EMPTY: ProgressData = {
  totalCardsStudied: 0,
  successRate: 0,
  currentStreak: 0,
  experiencePoints: 0,
  experienceUnavailable: false,
  recentSessions: [],
};

type Loaded = ProgressData & {
  /** The dashboard's statistics could not be read (answered with a failure): zeros and a toast. */
  failed: boolean;
};

/**
 * Dashboard statistics plus XP. XP is a nice-to-have: its failure alone reads 0 with a note. A
 * dashboard call that got no answer fails the load, so the kept statistics stand in (offline).
 */
async function loadProgress(): Promise<Loaded> {
  const [dashboard, profile] = await Promise.allSettled([dashboardApi.getDashboard(), gamificationApi.profile()]);
  if (dashboard.status === 'rejected' && unanswered(dashboard.reason)) throw dashboard.reason;
  const d = dashboard.status === 'fulfilled' ? dashboard.value : null;
  const xp = profile.status === 'fulfilled' ? profile.value?.experience_points : undefined;
  return {
    totalCardsStudied: d?.userStats?.totalCardsStudied ?? 0,
    successRate: d ? (typeof d.userStats?.successRate === 'number' ? d.userStats.successRate : null) : 0,
    currentStreak: d?.userStats?.currentStreak ?? 0,
    experiencePoints: typeof xp === 'number' ? xp : 0,
    experienceUnavailable: typeof xp !== 'number',
    recentSessions: Array.isArray(d?.recentSessions) ? d.recentSessions : [],
    failed: d === null,
  };
}

/**
 * The page's statistics: zeros and a toast when they cannot be read; offline, the ones kept from
 * the last visit with `keptAt`, when they were loaded.
 */
export function useProgressData(): { loading: boolean; data: ProgressData; keptAt?: number } {
  const { state } = useLoad(loadProgress, [], { keep: 'progress' });
  const failed = state.status === 'failed' || (state.status === 'ready' && state.data.failed);
  useEffect(() => {
    if (failed) toast.error(progressText('page.loadFailed'));
  }, [failed]);
  if (state.status === 'ready') return { loading: false, data: state.data, keptAt: state.keptAt };
  return { loading: state.status === 'loading', data: EMPTY };
}
