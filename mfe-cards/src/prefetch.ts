// The area's first calls, as its screen makes them: the shell starts them beside this code (the
// kernel's fetchAhead), and the screen's identical call then takes the answer. The list opens
// unfiltered and unsearched (filters and search live in the screen's state, not the URL).
import { cardsApi, categoriesApi } from '@flashcard/api-contract';
import { NO_FILTERS, toCardFilters } from './features/cards/filters';

export function prefetch(): Promise<unknown>[] {
  return [cardsApi.list(toCardFilters(NO_FILTERS)), categoriesApi.list(), cardsApi.filterOptions()];
}
