import { exportFileName } from './download';
import { confirmDeleteSet } from './messages';

it('names the export after the set, safely', () => {
  expect(exportFileName()).toBe('flashcards.csv');
  expect(exportFileName(null)).toBe('flashcards.csv');
  expect(exportFileName('Biology 101')).toBe('flashcards-biology-101.csv');
  expect(exportFileName('  Café / Crème: "Notes"  ')).toBe('flashcards-cafe-creme-notes.csv');
  expect(exportFileName('???')).toBe('flashcards.csv');
});

it('tells the user that deleting a set keeps its cards', () => {
  expect(confirmDeleteSet('Bio', 3)).toBe('Delete the set "Bio"? Its 3 cards are kept and moved out of the set.');
  expect(confirmDeleteSet('Bio', 1)).toBe('Delete the set "Bio"? Its 1 card is kept and moved out of the set.');
  expect(confirmDeleteSet('Bio', undefined)).toBe('Delete the set "Bio"? Its cards are kept and moved out of the set.');
});
