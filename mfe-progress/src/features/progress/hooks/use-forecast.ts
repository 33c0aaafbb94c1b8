import { spacedRepetitionApi, type Forecast } from '@flashcard/api-contract';
import { useLoad } from '@flashcard/shared-ui';

/** How many days ahead the forecast panel shows. */
export const FORECAST_DAYS = 30;

async function loadForecast(): Promise<Forecast> {
  const data: Forecast | undefined = await spacedRepetitionApi.forecast(FORECAST_DAYS);
  if (!Array.isArray(data?.days)) throw new Error('Unexpected forecast answer');
  return { days: data.days.slice(0, FORECAST_DAYS) };
}

/** Cards falling due on each of the next 30 local days; today includes the overdue ones (kept for offline). */
export function useForecast() {
  return useLoad(loadForecast, [], { keep: 'forecast' });
}
