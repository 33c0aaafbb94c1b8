import { dashboardApi, type Analytics } from '@flashcard/api-contract';
import { useLoad } from '@flashcard/shared-ui';

export const WEEK_DAYS = 7;
export const HEATMAP_DAYS = 365;

async function loadAnalytics(days: number): Promise<Analytics> {
  const data = await dashboardApi.getAnalytics(days);
  if (!Array.isArray(data?.days)) throw new Error('Unexpected analytics answer');
  return data;
}

/** Reviews per local day over the last `days` days, oldest first, today last (kept for offline). */
export function useAnalytics(days: number) {
  return useLoad(() => loadAnalytics(days), [days], { keep: `analytics:${days}` });
}
