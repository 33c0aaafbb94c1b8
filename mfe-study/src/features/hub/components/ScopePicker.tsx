import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cardsApi, categoriesApi, type Category, type StudyScope } from '@flashcard/api-contract';
import { useStudyText } from '../../../i18n';

/**
 * What the hub's counts and every mode cover: all cards, one set or one tag. The choice lives in
 * the URL (`?set=4`, `?tag=exam`), so a link (the cards screen's "Study this set") opens the
 * hub or a session on it, and Back returns to it.
 */
export function ScopePicker({ scope }: { scope: StudyScope }) {
  const t = useStudyText();
  const id = useId();
  const [, setParams] = useSearchParams();
  const [sets, setSets] = useState<Category[]>([]);
  const [tags, setTags] = useState<string[]>([]);

  useEffect(() => {
    let active = true;
    // Without them the picker offers all cards only; the counts still load.
    categoriesApi.list().then(
      (list) => active && setSets(list),
      () => {},
    );
    cardsApi.tags().then(
      ({ tags: list }) => active && setTags(list.map((entry) => entry.tag)),
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);

  const value = scope.set !== undefined ? `set:${scope.set}` : scope.tag !== undefined ? `tag:${scope.tag}` : '';
  const choose = (next: string) => {
    const params = new URLSearchParams();
    if (next.startsWith('set:')) params.set('set', next.slice(4));
    if (next.startsWith('tag:')) params.set('tag', next.slice(4));
    setParams(params, { replace: true });
  };

  return (
    <div className="field study-scope-picker">
      <label htmlFor={id}>{t('hub.scope.label')}</label>
      <select id={id} className="input" value={value} onChange={(event) => choose(event.target.value)}>
        <option value="">{t('hub.scope.all')}</option>
        {/* A set from a link that the list does not (yet) hold still shows as chosen. */}
        {scope.set !== undefined && !sets.some((set) => set.id === scope.set) && (
          <option value={value}>#{scope.set}</option>
        )}
        {sets.length > 0 && (
          <optgroup label={t('hub.scope.sets')}>
            {sets.map((set) => (
              <option key={set.id} value={`set:${set.id}`}>
                {set.name}
              </option>
            ))}
          </optgroup>
        )}
        {tags.length > 0 && (
          <optgroup label={t('hub.scope.tags')}>
            {tags.map((tag) => (
              <option key={tag} value={`tag:${tag}`}>
                {tag}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}
