// Comparing a typed answer with the card's, character by character, as Anki does for
// `{{type:Back}}`: the typed line marks each run of characters correct, wrong (typed but not
// in the answer) or missing (in the answer but not typed, shown as one '-' each); the answer
// line marks what was typed right and what was missing. Case counts, as in Anki.
import { diffChars } from 'diff';

export type MarkKind = 'good' | 'bad' | 'missing';

export interface Mark {
  kind: MarkKind;
  text: string;
}

export interface TypedComparison {
  /** What was typed, trimmed; missing runs hold the answer's characters (shown as dashes). */
  typed: Mark[];
  /** The expected answer: good and missing runs only. */
  expected: Mark[];
  /** Typed exactly (after trimming both). */
  correct: boolean;
}

/** Runs next to each other of one kind become one. */
function push(marks: Mark[], kind: MarkKind, text: string) {
  const last = marks.at(-1);
  if (last?.kind === kind) last.text += text;
  else marks.push({ kind, text });
}

export function compareTyped(typedInput: string, expectedInput: string): TypedComparison {
  const typedText = typedInput.trim();
  const expectedText = expectedInput.trim();
  const typed: Mark[] = [];
  const expected: Mark[] = [];
  for (const part of diffChars(typedText, expectedText)) {
    if (part.removed) push(typed, 'bad', part.value);
    else if (part.added) {
      push(typed, 'missing', part.value);
      push(expected, 'missing', part.value);
    } else {
      push(typed, 'good', part.value);
      push(expected, 'good', part.value);
    }
  }
  return { typed, expected, correct: typedText === expectedText };
}
