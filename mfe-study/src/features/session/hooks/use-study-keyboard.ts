import { useEffect, useRef } from 'react';
import type { ReviewResult } from '@flashcard/api-contract';

export interface StudyKeyHandlers {
  reveal: () => boolean;
  rate: (result: ReviewResult) => boolean;
  undo: () => boolean;
  /** Opens the card's editor (E). */
  edit?: () => boolean;
  /** Plays the face's sounds again (R). */
  replay?: () => boolean;
  /** The ratings bound to the digit keys 1..n, in order. */
  ratings: ReviewResult[];
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Inside a dialog (the card editor) no study key acts, on its buttons neither.
  if (target.closest('dialog')) return true;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Space and Enter already press a focused button or link; handling them too would act twice. */
function isPressable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], [role="button"]') !== null;
}

/**
 * Anki's keys on the whole page: Space/Enter show the answer, digits rate, U undoes, E edits, R replays
 * the card's sounds. Typing in
 * a field (the shell's search box) and shortcuts with Ctrl, Alt or Cmd (Ctrl+R, Cmd+1) are left alone.
 */
export function useStudyKeyboard(handlers: StudyKeyHandlers): void {
  // The listener is added once; it always calls the latest handlers.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // A held key repeats; one press is one rating.
      if (event.defaultPrevented || event.repeat) return;
      // Shift is not a shortcut modifier here: AZERTY keyboards (fr is an offered language) type
      // the digits with Shift, and on QWERTY Shift+1 is '!', which matches nothing anyway.
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTextEntry(event.target)) return;
      const { reveal, rate, undo, edit, replay, ratings } = latest.current;
      let acted = false;
      if (event.key === ' ' || event.key === 'Enter') {
        if (isPressable(event.target)) return;
        acted = reveal();
      } else if (/^[1-9]$/.test(event.key)) {
        const result = ratings[Number(event.key) - 1];
        acted = result !== undefined && rate(result);
      } else if (event.key === 'u' || event.key === 'U') {
        acted = undo();
      } else if ((event.key === 'e' || event.key === 'E') && edit) {
        acted = edit();
      } else if ((event.key === 'r' || event.key === 'R') && replay) {
        acted = replay();
      }
      // Only keys that did something lose their default (Space would scroll the page).
      if (acted) event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
