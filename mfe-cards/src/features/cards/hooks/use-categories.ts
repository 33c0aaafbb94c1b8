import { useCallback, useEffect, useState } from 'react';
import { categoriesApi, type Category } from '@flashcard/api-contract';
import { failureKind } from '@flashcard/shared-ui';
import { signedInUser } from '../../offline/offline-cards';
import { savedSets, saveSets } from '../../offline/offline-list';

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The sets by name (`kept`: the copy kept in this browser, the network did not answer); null when none. */
async function loadCategories(): Promise<{ list: Category[]; kept: boolean } | null> {
  try {
    const list = await categoriesApi.list();
    return { list: Array.isArray(list) ? [...list].sort(byName) : [], kept: false };
  } catch (err) {
    const userId = signedInUser();
    const kept = userId !== null && failureKind(err) === 'network' ? await savedSets(userId).catch(() => null) : null;
    if (kept) return { list: kept, kept: true };
    // The pickers just offer no sets; the client has already toasted a transport error.
    console.error('Failed to load sets', err);
    return null;
  }
}

/**
 * The learner's sets (categories). Every set picker on the screen reads this one list, so a
 * set created, renamed or deleted shows up everywhere at once.
 */
export function useCategories() {
  const [categories, setCategories] = useState<Category[]>([]);
  // The server's list (and what was done to it here) is kept for the pickers offline, where an
  // edit must still offer its card's set.
  const [fromServer, setFromServer] = useState(false);

  const take = useCallback((loaded: { list: Category[]; kept: boolean } | null) => {
    if (!loaded) return;
    setCategories(loaded.list);
    setFromServer(!loaded.kept);
  }, []);

  const reload = useCallback(async () => take(await loadCategories()), [take]);

  useEffect(() => {
    let mounted = true;
    void loadCategories().then((loaded) => {
      if (mounted) take(loaded);
    });
    return () => {
      mounted = false;
    };
  }, [take]);

  useEffect(() => {
    const userId = signedInUser();
    if (fromServer && userId !== null) void saveSets(userId, categories).catch(() => {});
  }, [fromServer, categories]);

  const create = useCallback(async (name: string) => {
    const created = await categoriesApi.create({ name });
    setCategories((list) => [...list, created].sort(byName));
    return created;
  }, []);

  const rename = useCallback(async (id: number, name: string) => {
    const renamed = await categoriesApi.update(id, { name });
    setCategories((list) => list.map((c) => (c.id === id ? { ...c, ...renamed } : c)).sort(byName));
    return renamed;
  }, []);

  /** The language a set's cards are read aloud in (null: the page's). */
  const setLanguage = useCallback(async (id: number, language: string | null) => {
    const updated = await categoriesApi.update(id, { language });
    setCategories((list) => list.map((c) => (c.id === id ? { ...c, ...updated } : c)));
    return updated;
  }, []);

  const remove = useCallback(async (id: number) => {
    const result = await categoriesApi.remove(id);
    setCategories((list) => list.filter((c) => c.id !== id));
    return result;
  }, []);

  return { categories, reload, create, rename, setLanguage, remove };
}
