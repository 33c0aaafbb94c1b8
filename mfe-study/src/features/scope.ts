// What a study screen covers: one set (`?set=ID`) or one tag (`?tag=name`), all cards else. The
// hub's picker, the cards screen's "Study this set" and every mode carry it in the URL.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StudyScope } from '@flashcard/api-contract';

/** The scope a page's query names (the shell's prefetch reads it too). */
export function scopeOf(params: URLSearchParams): StudyScope {
  const set = Number(params.get('set'));
  const tag = params.get('tag')?.trim();
  return { set: Number.isInteger(set) && set > 0 ? set : undefined, tag: tag || undefined };
}

export function useScope(): StudyScope {
  const [params] = useSearchParams();
  const { set, tag } = scopeOf(params);
  return useMemo(() => ({ set, tag }), [set, tag]);
}

/** `?set=4`, `?tag=exam` or '' (plus `extra` parameters): what a link to another mode carries. */
export function scopeSearch(scope: StudyScope, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (scope.set !== undefined) params.set('set', String(scope.set));
  if (scope.tag !== undefined) params.set('tag', scope.tag);
  const text = params.toString();
  return text ? `?${text}` : '';
}
