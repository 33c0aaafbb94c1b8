// The top bar's search: cards (the API's card search), sets (by name) and learners (the social
// search, within each learner's privacy) as the learner types; an accessible combobox (WAI-ARIA
// APG, list autocomplete): arrows move through the results, Enter opens one, Escape closes the
// list (again: empties the box). Where a result leads comes from the manifest, by registry key
// and exposed module (no area path is compiled in): a card opens My Cards searching for it, a set
// opens My Cards on that set, a learner their profile. An area the manifest does not serve this
// learner is not searched.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { cardsApi, categoriesApi, socialApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { useLearnerName } from '@flashcard/shared-ui';
import { usePlatformStore } from '../federation/platform';
import { useShellText } from '../i18n';
import { Icon } from './Icon';
import { areaPath, routePath } from './navigation';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DELAY_MS = 250;
/** Results shown per kind. */
export const RESULTS_PER_KIND = 5;

const CARDS = 'mfe_cards';
const SOCIAL = 'mfe_social';
const PROFILE_MODULE = './PublicProfile';

type Kind = 'cards' | 'sets' | 'learners';
const KINDS: readonly Kind[] = ['cards', 'sets', 'learners'];

interface Result {
  key: string;
  kind: Kind;
  label: string;
  /** Beside the label: a learner's public id when they chose a name (two may choose one). */
  detail?: string;
  href: string;
}

interface Answer {
  query: string;
  results: Result[];
  failed: boolean;
}

type Search = { status: 'idle' } | { status: 'searching' } | ({ status: 'done' } & Answer);

export function TopSearch() {
  const t = useShellText();
  const nameOf = useLearnerName();
  const navigate = useNavigate();
  const role = useAuthStore((s) => s.user?.role);
  const manifest = usePlatformStore((s) => s.manifest);
  const cardsPath = areaPath(manifest, CARDS, role);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // The latest answer; what the list shows follows from it and the box's text.
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const trimmed = query.trim();
  const search: Search =
    trimmed.length < SEARCH_MIN_LENGTH
      ? { status: 'idle' }
      : answer?.query === trimmed
        ? { status: 'done', ...answer }
        : { status: 'searching' };
  useEffect(() => {
    if (trimmed.length < SEARCH_MIN_LENGTH) return;
    let current = true;
    const timer = window.setTimeout(() => {
      const profilePath = (id: number) => routePath(manifest, SOCIAL, PROFILE_MODULE, role, id);
      const lower = trimmed.toLowerCase();
      const skip = Promise.resolve([] as Result[]);
      const cards = cardsPath
        ? cardsApi.search(trimmed).then((page) =>
            page.cards.slice(0, RESULTS_PER_KIND).map((card): Result => ({
              key: `card-${card.id}`,
              kind: 'cards',
              label: card.question,
              href: `${cardsPath}?${new URLSearchParams({ q: trimmed, card: String(card.id) }).toString()}`,
            })),
          )
        : skip;
      const sets = cardsPath
        ? categoriesApi.list().then((all) =>
            all
              .filter((set) => set.name.toLowerCase().includes(lower))
              .slice(0, RESULTS_PER_KIND)
              .map((set): Result => ({
                key: `set-${set.id}`,
                kind: 'sets',
                label: set.name,
                href: `${cardsPath}?${new URLSearchParams({ set: String(set.id) }).toString()}`,
              })),
          )
        : skip;
      const learners =
        profilePath(0) !== null
          ? socialApi.searchUsers(trimmed).then((hits) =>
              hits.slice(0, RESULTS_PER_KIND).map((hit): Result => ({
                key: `learner-${hit.id}`,
                kind: 'learners',
                label: nameOf(hit),
                ...(hit.display_name !== null && { detail: t('topSearch.publicId', { id: hit.id }) }),
                href: profilePath(hit.id)!,
              })),
            )
          : skip;
      void Promise.allSettled([cards, sets, learners]).then((answers) => {
        if (!current) return;
        const results = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
        setAnswer({ query: trimmed, results, failed: answers.some((a) => a.status === 'rejected') });
        setActive(-1);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // nameOf and t change with the language only; a new language words the next search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, cardsPath, manifest, role]);

  const results = search.status === 'done' ? search.results : [];
  const expanded = open && search.status !== 'idle';

  function go(result: Result) {
    setOpen(false);
    setQuery('');
    navigate(result.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) =>
        index === -1 && step < 0 ? results.length - 1 : (index + step + results.length) % results.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (chosen && expanded) go(chosen);
    } else if (event.key === 'Escape') {
      // Handled here so the same Escape does not also close the mobile sidebar.
      event.preventDefault();
      event.stopPropagation();
      if (expanded) setOpen(false);
      else setQuery('');
      setActive(-1);
    }
  }

  const status =
    search.status === 'searching'
      ? t('topSearch.searching')
      : search.status === 'done'
        ? results.length === 0
          ? search.failed
            ? t('topSearch.failed')
            : t('topSearch.none', { query: search.query })
          : t('topSearch.found', { count: results.length })
        : '';

  return (
    <form
      ref={formRef}
      role="search"
      className="shell-search"
      onSubmit={(event) => event.preventDefault()}
      onBlur={(event) => {
        if (!formRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Icon name="search" />
      <input
        ref={inputRef}
        type="search"
        className="input"
        role="combobox"
        aria-label={t('layout.search')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('layout.searchPlaceholder')}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="shell-menu shell-search-popover" hidden={!expanded}>
        <p className="shell-search-status muted" role="status">
          {expanded ? status : ''}
        </p>
        <ul id={listId} role="listbox" aria-label={t('topSearch.results')} className="shell-search-list">
          {KINDS.map((kind) => {
            const ofKind = results.filter((result) => result.kind === kind);
            if (ofKind.length === 0) return null;
            const headingId = `${listId}-${kind}`;
            return (
              <li key={kind} role="presentation">
                <div id={headingId} role="presentation" className="shell-search-kind">
                  {t(`topSearch.kinds.${kind}`)}
                </div>
                <ul role="group" aria-labelledby={headingId}>
                  {ofKind.map((result) => {
                    const index = results.indexOf(result);
                    return (
                      <li
                        key={result.key}
                        id={optionId(index)}
                        role="option"
                        aria-selected={index === active}
                        className={index === active ? 'shell-search-option is-active' : 'shell-search-option'}
                        data-href={result.href}
                        // Keeps the focus in the box, so the list stays open until the click.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => go(result)}
                      >
                        {result.label}
                        {result.detail && <span className="muted shell-search-detail">{result.detail}</span>}
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </form>
  );
}
