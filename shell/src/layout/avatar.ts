import type { User } from '@flashcard/api-contract';

/** The avatar letter: first letter of the display name, else of the e-mail, else 'U'. */
export function avatarLetter(user: Pick<User, 'display_name' | 'email'> | null | undefined): string {
  const source = user?.display_name?.trim() || user?.email?.trim() || 'U';
  // Array.from keeps a letter outside the BMP (an emoji, some scripts) whole.
  return Array.from(source)[0].toUpperCase();
}
