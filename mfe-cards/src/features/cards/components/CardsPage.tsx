import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Card } from '@flashcard/api-contract';
import { Spinner } from '@flashcard/shared-ui';
import '../cards.css';
import { useCardsText } from '../../../i18n';
import { OfflineBanner } from '../../offline/components/OfflineBanner';
import { onSynced } from '../../offline/offline-cards';
import { useBulkActions } from '../hooks/use-bulk-actions';
import { useCardActions } from '../hooks/use-card-actions';
import { useCardEditor } from '../hooks/use-card-editor';
import { useCardsView } from '../hooks/use-cards-view';
import { useCategories } from '../hooks/use-categories';
import { useExportApkg } from '../hooks/use-export-apkg';
import { useExportCsv } from '../hooks/use-export-csv';
import { useFilterOptions } from '../hooks/use-filter-options';
import { useGridFocus } from '../hooks/use-grid-focus';
import { useLinkedSearch } from '../hooks/use-linked-search';
import { useMoveToSet } from '../hooks/use-move-to-set';
import { useResetKnown } from '../hooks/use-reset-known';
import { useSelection } from '../hooks/use-selection';
import { CardFormModal } from './CardFormModal';
import { CardGrid } from './CardGrid';
import { CardsEmpty, CardsLoadFailed } from './CardsEmpty';
import { CardsHeader } from './CardsHeader';
import { CardsListBar } from './CardsListBar';
import { FiltersPanel } from './FiltersPanel';
import { ImportModal } from './ImportModal';
import { SearchBox } from './SearchBox';
import { SelectionToolbar } from './SelectionToolbar';
import { SetsModal } from './SetsModal';

type Dialog = 'import' | 'sets' | null;

/** My Cards: the filtered, searchable list of the learner's cards and everything done to them. */
export function CardsPage() {
  const t = useCardsText();
  const sets = useCategories();
  const { categories } = sets;
  const setName = useCallback((id: number) => categories.find((set) => set.id === id)?.name ?? null, [categories]);
  const view = useCardsView(setName);
  useLinkedSearch(view);
  const { list, shown, search } = view;
  const options = useFilterOptions();
  // A card waiting to be created has no server id yet: it cannot be ticked for a move.
  const selectable = useMemo(() => shown.filter((card) => card.id > 0), [shown]);
  const selection = useSelection(selectable);
  const focus = useGridFocus(shown);
  const [dialog, setDialog] = useState<Dialog>(null);

  const { keepFocusedPlace } = focus;
  const { remove, removeMany } = list;
  const { forget } = selection;
  // A deleted card leaves the screen: the focus keeps its place, the list and the selection drop it.
  // Its note goes whole on the server, so the note's other cards (a reversed or cloze note) go too.
  const listed = list.cards;
  const removed = useCallback(
    (id: number, card?: Card) => {
      keepFocusedPlace();
      const siblings =
        card && card.kind !== 'basic'
          ? listed.filter((c) => c.note_guid === card.note_guid && c.id !== id).map((c) => c.id)
          : [];
      // A reversed note always has two cards, even when the other one is on a page not loaded.
      const deleted = card?.kind === 'reversed' ? 2 : siblings.length + 1;
      if (siblings.length || deleted > 1) removeMany([id, ...siblings], deleted);
      else remove(id);
      for (const gone of [id, ...siblings]) forget(gone);
    },
    [keepFocusedPlace, remove, removeMany, forget, listed],
  );
  const actions = useCardActions({ replace: list.replace, removed });
  const editor = useCardEditor({
    prepend: list.prepend,
    replace: list.replace,
    reload: list.reload,
    saved: options.reload,
  });
  // The changes made offline reached the server: the list shows its cards (a note of several
  // cards, or a kept offline list, is loaded again).
  const { prepend, replace, reload, offline } = list;
  useEffect(
    () =>
      onSynced(({ sent, refused }) => {
        let again = offline || refused.length > 0;
        for (const { change, card } of sent) {
          if (card.kind !== 'basic') again = true;
          else if (change.kind === 'create') prepend(card);
          else replace(card);
        }
        if (again) reload();
      }),
    [prepend, replace, reload, offline],
  );

  const moveSelected = useMoveToSet({ ids: selection.ids, categories, patch: list.patch, moved: selection.clear });
  const bulk = useBulkActions({
    ids: selection.ids,
    patch: list.patch,
    removeMany: list.removeMany,
    reload: list.reload,
    done: selection.clear,
  });
  const { resetting, resetKnown } = useResetKnown(list.reload);
  const { exporting, exportCsv } = useExportCsv(view.setId, categories);
  const { exportingApkg, exportApkg } = useExportApkg(view.setId, categories);

  const showMore = async () => {
    focus.focusTileAfterChange(shown.length);
    // Nothing new to focus when the page did not come (failed, or another view replaced it).
    if (!(await list.loadMore())) focus.focusTileAfterChange(null);
  };

  const refreshing = list.loaded && list.status === 'loading';
  return (
    <div className="page cards-page">
      <OfflineBanner />

      <CardsHeader
        onManageSets={() => setDialog('sets')}
        onImport={() => setDialog('import')}
        onExport={exportCsv}
        exporting={exporting}
        onExportApkg={exportApkg}
        exportingApkg={exportingApkg}
        onAddCard={editor.openNew}
        addButton={focus.fallback}
      />

      <div className="cards-layout">
        <FiltersPanel
          values={view.filterValues}
          onChange={view.setFilterValues}
          colleges={options.colleges}
          classes={options.classes}
          categories={categories}
        />

        <section className="stack cards-main" aria-labelledby="cards-list-heading">
          {/* Keeps the heading outline h1 > h2 > card h3 for screen-reader navigation. */}
          <h2 id="cards-list-heading" className="visually-hidden">
            {t('page.listHeading')}
          </h2>
          <SearchBox
            value={search.input}
            onChange={search.setInput}
            onSubmit={search.submit}
            onClear={search.clear}
            error={list.queryError}
            sort={view.sort}
            onSortChange={view.setSort}
          />

          {!list.loaded && list.status === 'loading' && <Spinner label={t('page.loading')} />}

          {list.status === 'failed' && !list.queryError && (
            <CardsLoadFailed search={list.failedSearch} onRetry={list.reload} />
          )}

          {list.loaded && list.status !== 'failed' && (
            <>
              <CardsListBar
                count={view.count}
                isFiltered={view.isFiltered}
                studySet={view.filterValues.category}
                refreshing={refreshing}
                onSelectShown={shown.length > 0 ? selection.selectShown : null}
                onResetKnown={resetKnown}
                resetting={resetting}
              />

              {selection.ids.length > 0 && (
                <SelectionToolbar
                  count={selection.ids.length}
                  categories={categories}
                  onMove={moveSelected}
                  onClear={selection.clear}
                  onAction={bulk.run}
                  running={bulk.running}
                />
              )}

              {shown.length === 0 ? (
                <CardsEmpty isFiltered={view.isFiltered} onShowAll={view.showAll} onCreateFirst={editor.openNew} />
              ) : (
                <CardGrid
                  cards={shown}
                  grid={focus.grid}
                  busy={refreshing}
                  selected={selection.selected}
                  pendingKnown={actions.pendingKnown}
                  waiting={view.waiting}
                  actions={{
                    onEdit: editor.openEdit,
                    onDelete: actions.deleteCard,
                    onToggleKnown: actions.toggleKnown,
                    onToggleSelected: selection.toggle,
                    onCardAction: actions.cardAction,
                  }}
                  more={
                    list.nextCursor === null
                      ? null
                      : { total: view.count, loading: list.loadingMore, onShowMore: showMore }
                  }
                />
              )}
            </>
          )}
        </section>
      </div>

      {editor.editing && (
        <CardFormModal
          card={editor.editing.card}
          categories={categories}
          colleges={options.colleges}
          classes={options.classes}
          onSubmit={editor.submit}
          onClose={editor.close}
          returnFocusFallback={focus.fallback}
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
          onRenamed={view.setRenamed}
          onDeleted={view.setDeleted}
          onClose={() => setDialog(null)}
        />
      )}

      {dialog === 'import' && (
        <ImportModal
          categories={categories}
          defaultCategoryId={view.setId}
          onImported={() => {
            list.reload();
            void options.reload();
            void sets.reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
