// User-visible texts. The spec quotes the first group exactly (tests rely on them).
export const MESSAGES = {
  loadFailed: 'Failed to load cards',
  searchFailed: 'Search failed',
  created: 'Card created successfully',
  createFailed: 'Failed to create card',
  updated: 'Card updated successfully',
  updateFailed: 'Failed to update card',
  deleted: 'Card deleted successfully',
  deleteFailed: 'Failed to delete card',
  required: 'Question and answer are required',
  confirmDelete: 'Are you sure you want to delete this card? This action cannot be undone.',
  // Not quoted by the spec: our own wording.
  moveFailed: 'Failed to move cards',
  resetKnownFailed: 'Failed to reset known cards',
  exportFailed: 'Export failed',
  previewFailed: 'Preview failed',
  importFailed: 'Import failed',
  setNameRequired: 'Set name is required',
  setCreateFailed: 'Failed to create set',
  setRenameFailed: 'Failed to rename set',
  setDeleteFailed: 'Failed to delete set',
} as const;

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Deleting a set keeps its cards: the user is told so before confirming. */
export function confirmDeleteSet(name: string, cardCount: number | undefined): string {
  const kept =
    cardCount === undefined
      ? 'Its cards are kept and moved out of the set.'
      : `Its ${plural(cardCount, 'card')} ${cardCount === 1 ? 'is' : 'are'} kept and moved out of the set.`;
  return `Delete the set "${name}"? ${kept}`;
}
