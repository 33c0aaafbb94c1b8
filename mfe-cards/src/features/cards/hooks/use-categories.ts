import { useCallback, useEffect, useState } from 'react';
import { categoriesApi, type Category } from '@flashcard/api-contract';

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The sets by name; null when they could not be loaded. */
async function loadCategories(): Promise<Category[] | null> {
  try {
    const list = await categoriesApi.list();
    return Array.isArray(list) ? [...list].sort(byName) : [];
  } catch (err) {
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

  const reload = useCallback(async () => {
    const list = await loadCategories();
    if (list) setCategories(list);
  }, []);

  useEffect(() => {
    let mounted = true;
    void loadCategories().then((list) => {
      if (mounted && list) setCategories(list);
    });
    return () => {
      mounted = false;
    };
  }, []);

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
