import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Spinner } from '@flashcard/shared-ui';
import { Link } from 'react-router-dom';
import { cardsApi, spacedRepetitionApi, type Card, type CardInput, type Category } from '@flashcard/api-contract';
import '../cards.css';
import { downloadText, exportFileName } from '../download';
import { cardMatcher, hasActiveFilters, NO_FILTERS, toCardFilters, type FilterValues } from '../filters';
import { useCardsText } from '../../../i18n';
import { toastFailure } from '../toastFailure';
import { useCards } from '../hooks/useCards';
import { useCategories } from '../hooks/useCategories';
import { useFilterOptions } from '../hooks/useFilterOptions';
import { useSearchInput } from '../hooks/useSearchInput';
import { CardFormModal } from './CardFormModal';
import { CardTile } from './CardTile';
import { FiltersPanel } from './FiltersPanel';
import { ImportModal } from './ImportModal';
import { SearchBox } from './SearchBox';
import { SelectionToolbar } from './SelectionToolbar';
import { SetsModal } from './SetsModal';

type Editor = { card?: Card } | null;
type Dialog = 'import' | 'sets' | null;

export function CardsPage() {
  const t = useCardsText();
  const [filterValues, setFilterValues] = useState<FilterValues>(NO_FILTERS);
  const apiFilters = useMemo(() => toCardFilters(filterValues), [filterValues]);
  const search = useSearchInput();
  // The server sends a page at a time (50 cards, shared-auth asks for it), so thousands of cards never load
  // or render at once; "Show more" fetches the next page.
  const {
    cards,
    total,
    nextCursor,
    status,
    loaded,
    loadingMore,
    failedSearch,
    reload,
    loadMore,
    prepend,
    replace,
    remove,
    patch,
  } = useCards(apiFilters, search.query);
  const sets = useCategories();
  const { categories } = sets;
  const options = useFilterOptions();

  const [editor, setEditor] = useState<Editor>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [pendingKnown, setPendingKnown] = useState<ReadonlySet<number>>(() => new Set());
  const [exporting, setExporting] = useState(false);
  const [resetting, setResetting] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  const filtersActive = hasActiveFilters(filterValues);
  const isFiltered = filtersActive || search.query !== '';
  const matcher = useMemo(() => cardMatcher(filterValues), [filterValues]);
  // The server filtered every page; this hides cards changed here (marked known, moved, edited
  // or created) that no longer match, and the count leaves them out as well.
  const shown = useMemo(() => (filtersActive ? cards.filter(matcher) : cards), [cards, matcher, filtersActive]);
  const count = Math.max(shown.length, total - (cards.length - shown.length));
  const selectedIds = useMemo(() => shown.filter((c) => selected.has(c.id)).map((c) => c.id), [shown, selected]);

  // Keyboard users keep their place: after "Show more" focus lands on the first new card, after a
  // delete on the card that took the deleted one's place (or the one before it).
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const tiles = grid.current?.children;
    const tile = tiles?.length ? tiles[Math.min(index, tiles.length - 1)] : null;
    const target = tile?.querySelector<HTMLElement>('input, button') ?? addButton.current;
    target?.focus();
  }, [shown]);

  const showMore = async () => {
    focusIndex.current = shown.length;
    // Nothing new to focus when the page did not come (failed, or another view replaced it).
    if (!(await loadMore())) focusIndex.current = null;
  };

  const openEditor = useCallback((card: Card) => setEditor({ card }), []);

  const toggleSelected = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const deleteCard = useCallback(
    async (card: Card) => {
      if (!window.confirm(t('messages.confirmDelete'))) return;
      try {
        await cardsApi.remove(card.id);
        const tile = document.activeElement?.closest('li');
        const index = tile && grid.current ? Array.prototype.indexOf.call(grid.current.children, tile) : -1;
        if (index >= 0) focusIndex.current = index;
        remove(card.id);
        setSelected((current) => {
          if (!current.has(card.id)) return current;
          const next = new Set(current);
          next.delete(card.id);
          return next;
        });
        toast.success(t('messages.deleted'));
      } catch (err) {
        toastFailure(t('messages.deleteFailed'), err);
      }
    },
    [remove, t],
  );

  const toggleKnown = useCallback(
    async (card: Card) => {
      setPendingKnown((current) => new Set(current).add(card.id));
      try {
        const updated = card.known ? await cardsApi.markUnknown(card.id) : await cardsApi.markKnown(card.id);
        replace(updated);
      } catch (err) {
        toastFailure(t('messages.updateFailed'), err);
      } finally {
        setPendingKnown((current) => {
          const next = new Set(current);
          next.delete(card.id);
          return next;
        });
      }
    },
    [replace, t],
  );

  const cardAction = useCallback(
    async (card: Card, action: 'suspend' | 'unsuspend' | 'bury') => {
      try {
        const { card: updated } = await spacedRepetitionApi.cardAction(card.id, action);
        replace(updated);
      } catch (err) {
        toastFailure(t('cardTile.actionFailed'), err);
      }
    },
    [replace, t],
  );

  async function createCard(input: CardInput) {
    try {
      const created = await cardsApi.create(input);
      // A reversed or cloze note makes several cards: the list reloads to show them all.
      if (created.kind === 'basic') prepend(created);
      else reload();
      toast.success(t('messages.created'));
      setEditor(null);
      void options.reload(); // a new college or class becomes a filter choice
    } catch (err) {
      toastFailure(t('messages.createFailed'), err);
      throw err;
    }
  }

  async function updateCard(id: number, input: CardInput) {
    try {
      const before = editor?.card;
      const updated = await cardsApi.update(id, input);
      // An edit covers the whole note: its other cards changed too (and a cloze may add or drop cards).
      if (updated.kind === 'basic' && before?.kind === 'basic') replace(updated);
      else reload();
      toast.success(t('messages.updated'));
      setEditor(null);
      void options.reload();
    } catch (err) {
      toastFailure(t('messages.updateFailed'), err);
      throw err;
    }
  }

  async function moveSelected(setId: number | null) {
    const ids = selectedIds;
    const target = setId === null ? null : categories.find((c) => c.id === setId);
    try {
      const result = await cardsApi.moveToSet(ids, setId);
      const moved = new Set(ids);
      const name = target?.name ?? null;
      patch(
        (c) => moved.has(c.id),
        (c) => ({ ...c, category_id: setId, category_name: name, category: name }),
      );
      setSelected(new Set());
      const count = typeof result?.moved === 'number' ? result.moved : ids.length;
      toast.success(name ? t('messages.moved', { count, name }) : t('messages.movedOut', { count }));
    } catch (err) {
      toastFailure(t('messages.moveFailed'), err, { withReason: true });
    }
  }

  async function resetKnown() {
    // Undoes every "known" mark at once and cannot be taken back: asked first, like a delete.
    if (!window.confirm(t('messages.confirmResetKnown'))) return;
    setResetting(true);
    try {
      const result = await cardsApi.resetKnown();
      const count = typeof result?.updated === 'number' ? result.updated : 0;
      toast.success(t('messages.resetKnown', { count }));
      reload();
    } catch (err) {
      toastFailure(t('messages.resetKnownFailed'), err, { withReason: true });
    } finally {
      setResetting(false);
    }
  }

  async function exportCsv() {
    const setId = filterValues.category ? Number(filterValues.category) : null;
    const setName = setId === null ? null : (categories.find((c) => c.id === setId)?.name ?? String(setId));
    setExporting(true);
    try {
      const csv = await cardsApi.exportCsv(setId ?? undefined);
      downloadText(exportFileName(setName), csv);
    } catch (err) {
      toastFailure(t('messages.exportFailed'), err, { withReason: true });
    } finally {
      setExporting(false);
    }
  }

  const setRenamed = useCallback(
    (category: Category) =>
      patch(
        (c) => c.category_id === category.id,
        (c) => ({ ...c, category_name: category.name, category: category.name }),
      ),
    [patch],
  );

  const setDeleted = useCallback(
    (id: number) => {
      // The server keeps the cards and unfiles them; mirror that and drop a filter on the gone set.
      patch(
        (c) => c.category_id === id,
        (c) => ({ ...c, category_id: null, category_name: null, category: null }),
      );
      setFilterValues((values) => (values.category === String(id) ? { ...values, category: '' } : values));
    },
    [patch],
  );

  const clearView = () => {
    setFilterValues(NO_FILTERS);
    search.clear();
  };

  const refreshing = loaded && status === 'loading';
  return (
    <div className="page cards-page">
      <header className="page-header">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="muted">{t('page.subtitle')}</p>
        </div>
        <div className="row">
          <button type="button" className="btn" onClick={() => setDialog('sets')}>
            {t('page.manageSets')}
          </button>
          <button type="button" className="btn" onClick={() => setDialog('import')}>
            {t('page.import')}
          </button>
          <button type="button" className="btn" onClick={exportCsv} disabled={exporting}>
            {t('page.exportCsv')}
          </button>
          <button ref={addButton} type="button" className="btn btn-primary" onClick={() => setEditor({})}>
            {t('page.addCard')}
          </button>
        </div>
      </header>

      <div className="cards-layout">
        <FiltersPanel
          values={filterValues}
          onChange={setFilterValues}
          colleges={options.colleges}
          classes={options.classes}
          categories={categories}
        />

        <section className="stack cards-main" aria-labelledby="cards-list-heading">
          {/* Keeps the heading outline h1 > h2 > card h3 for screen-reader navigation. */}
          <h2 id="cards-list-heading" className="visually-hidden">
            {t('page.listHeading')}
          </h2>
          <SearchBox value={search.input} onChange={search.setInput} onSubmit={search.submit} onClear={search.clear} />

          {!loaded && status === 'loading' && <Spinner label={t('page.loading')} />}

          {status === 'failed' && (
            <div className="card empty-state stack">
              <p>{failedSearch ? t('page.searchFailed') : t('page.loadFailed')}</p>
              <div>
                <button type="button" className="btn btn-primary" onClick={reload}>
                  {t('page.tryAgain')}
                </button>
              </div>
            </div>
          )}

          {loaded && status !== 'failed' && (
            <>
              <div className="spread">
                <p className="muted cards-count" aria-live="polite">
                  {t(isFiltered ? 'page.showingFiltered' : 'page.showing', { count })}
                </p>
                <div className="row">
                  {/* The study area opens on this set: its counts, every mode. */}
                  {filterValues.category && (
                    <Link
                      className="btn btn-small btn-primary"
                      to={`/study?set=${encodeURIComponent(filterValues.category)}`}
                    >
                      {t('cardTile.studySet')}
                    </Link>
                  )}
                  {refreshing && (
                    <span className="muted" role="status">
                      {t('page.updating')}
                    </span>
                  )}
                  {shown.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setSelected(new Set([...selected, ...shown.map((c) => c.id)]))}
                    >
                      {t('page.selectAllShown')}
                    </button>
                  )}
                  <button type="button" className="btn btn-small" onClick={resetKnown} disabled={resetting}>
                    {t('page.resetKnown')}
                  </button>
                </div>
              </div>

              {selectedIds.length > 0 && (
                <SelectionToolbar
                  count={selectedIds.length}
                  categories={categories}
                  onMove={moveSelected}
                  onClear={() => setSelected(new Set())}
                />
              )}

              {shown.length === 0 ? (
                isFiltered ? (
                  <div className="card empty-state stack">
                    <h2>{t('page.noMatch')}</h2>
                    <div>
                      <button type="button" className="btn" onClick={clearView}>
                        {t('page.showAll')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="card empty-state stack">
                    <h2>{t('page.emptyTitle')}</h2>
                    <p className="muted">{t('page.emptyText')}</p>
                    <div>
                      <button type="button" className="btn btn-primary" onClick={() => setEditor({})}>
                        {t('page.createFirst')}
                      </button>
                    </div>
                  </div>
                )
              ) : (
                <ul ref={grid} className="grid cards-grid" aria-label={t('page.gridLabel')} aria-busy={refreshing}>
                  {shown.map((card) => (
                    <CardTile
                      key={card.id}
                      card={card}
                      selected={selected.has(card.id)}
                      pending={pendingKnown.has(card.id)}
                      onEdit={openEditor}
                      onDelete={deleteCard}
                      onToggleKnown={toggleKnown}
                      onToggleSelected={toggleSelected}
                      onCardAction={cardAction}
                    />
                  ))}
                </ul>
              )}

              {nextCursor !== null && shown.length > 0 && (
                <div className="row cards-more">
                  <button type="button" className="btn" onClick={showMore} aria-busy={loadingMore}>
                    {t('page.showMore')}
                  </button>
                  <span className="muted">{t('page.shownOf', { count: shown.length, total: count })}</span>
                </div>
              )}
            </>
          )}
        </section>
      </div>

      {editor && (
        <CardFormModal
          card={editor.card}
          categories={categories}
          colleges={options.colleges}
          classes={options.classes}
          onSubmit={(input) => (editor.card ? updateCard(editor.card.id, input) : createCard(input))}
          onClose={() => setEditor(null)}
          returnFocusFallback={addButton}
        />
      )}

      {dialog === 'sets' && (
        <SetsModal
          categories={categories}
          reload={sets.reload}
          create={sets.create}
          rename={sets.rename}
          setLanguage={sets.setLanguage}
          remove={sets.remove}
          onRenamed={setRenamed}
          onDeleted={setDeleted}
          onClose={() => setDialog(null)}
        />
      )}

      {dialog === 'import' && (
        <ImportModal
          categories={categories}
          defaultCategoryId={filterValues.category ? Number(filterValues.category) : null}
          onImported={() => {
            reload();
            void options.reload();
            void sets.reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
