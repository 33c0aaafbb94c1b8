// The area's first calls, as its screens make them: the shell starts them beside this code (the
// kernel's fetchAhead), and each screen's identical call then takes the answer.
import { dashboardApi, gamificationApi, optimizerApi, spacedRepetitionApi } from '@flashcard/api-contract';
import { FORECAST_DAYS } from './features/progress/hooks/use-forecast';
import { HEATMAP_DAYS, WEEK_DAYS } from './features/progress/hooks/use-analytics';

export function prefetch(): Promise<unknown>[] {
  return [
    dashboardApi.getDashboard(),
    gamificationApi.profile(),
    dashboardApi.getAnalytics(WEEK_DAYS),
    spacedRepetitionApi.forecast(FORECAST_DAYS),
    dashboardApi.getAnalytics(HEATMAP_DAYS),
    optimizerApi.status(),
  ];
}
