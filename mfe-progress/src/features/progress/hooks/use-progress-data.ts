import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { dashboardApi, gamificationApi, type StudySession } from '@flashcard/api-contract';
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

/** Dashboard statistics plus XP. XP is a nice-to-have: its failure alone shows no toast and reads 0. */
export function useProgressData(): { loading: boolean; data: ProgressData } {
  const [loading, setLoading] = useState(true);
  const [data, setData] = useState<ProgressData>(EMPTY);

  useEffect(() => {
    let active = true; // ignore answers that arrive after unmount (or StrictMode's first mount)
    Promise.allSettled([dashboardApi.getDashboard(), gamificationApi.profile()]).then(([dashboard, profile]) => {
      if (!active) return;
      if (dashboard.status === 'rejected') toast.error(progressText('page.loadFailed'));
      const d = dashboard.status === 'fulfilled' ? dashboard.value : null;
      const xp = profile.status === 'fulfilled' ? profile.value?.experience_points : undefined;
      setData({
        totalCardsStudied: d?.userStats?.totalCardsStudied ?? 0,
        successRate: d ? (typeof d.userStats?.successRate === 'number' ? d.userStats.successRate : null) : 0,
        currentStreak: d?.userStats?.currentStreak ?? 0,
        experiencePoints: typeof xp === 'number' ? xp : 0,
        experienceUnavailable: typeof xp !== 'number',
        recentSessions: Array.isArray(d?.recentSessions) ? d.recentSessions : [],
      });
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, []);

  return { loading, data };
}
