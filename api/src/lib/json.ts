// Lists stored as JSON text (a token's remotes, a canary's cohort).

/** The list `text` holds; an unreadable or non-list value holds none. */
export function jsonList(text: string): unknown[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}
