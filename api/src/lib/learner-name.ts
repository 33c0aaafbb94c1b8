// The English stand-in for a learner who chose no display name, for the English texts the API
// stores or sends as a fallback (a notification's message, a feed item's message). Views send the
// name as null instead and the screens word the stand-in in the reader's language (shared-ui
// learnerName).
export const englishName = (user: { id: number; display_name: string | null }): string =>
  user.display_name ?? `Learner #${user.id}`;
