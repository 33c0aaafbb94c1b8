// The area's first calls, as its screen makes them: the shell starts them beside this code (the
// kernel's fetchAhead), and the screen's identical call then takes the answer. Only the hub's:
// a session or a practice screen starts from what the learner picks there.
import { cardsApi, categoriesApi, learningApi } from '@flashcard/api-contract';
import { scopeOf } from './features/scope';

export function prefetch({ pathname, search }: { pathname: string; search: string }): Promise<unknown>[] {
  if (!/^\/study\/?$/.test(pathname)) return [];
  return [
    learningApi.reviewQueue(undefined, scopeOf(new URLSearchParams(search))),
    categoriesApi.list(),
    cardsApi.tags(),
  ];
}
