import { useCallback, useEffect, type RefObject } from 'react';

/**
 * The sounds of the face on screen, as Anki plays them: the question's while it is asked, the
 * answer's once it is shown (the question's are not played again). `play` starts them one after
 * another; a sound whose file is still on its way (the card's media resolver sets `src` once it
 * has the blob: URL) starts as soon as it has one.
 */
export function useCardSounds(card: RefObject<HTMLElement | null>, answerShown: boolean) {
  const play = useCallback((): boolean => {
    const root = card.current;
    if (!root) return false;
    const answer = root.querySelector('.study-answer');
    const all = [...root.querySelectorAll('audio')];
    const face = answerShown ? all.filter((audio) => answer?.contains(audio)) : all;
    if (face.length === 0) return false;
    for (const audio of all) audio.pause();
    playInTurn(face);
    return true;
  }, [card, answerShown]);
  return { play };
}

function playInTurn([first, ...rest]: HTMLAudioElement[]): void {
  if (!first) return;
  first.currentTime = 0;
  if (rest.length > 0) first.addEventListener('ended', () => playInTurn(rest), { once: true });
  whenLoaded(first, () => {
    // Refused without a gesture the page has had, or unplayable: the player is still there to press.
    first.play()?.catch(() => {});
  });
}

/** Runs `start` once the element has a source (at once when it has one already). */
function whenLoaded(audio: HTMLAudioElement, start: () => void): void {
  if (audio.getAttribute('src')) return start();
  const watch = new MutationObserver(() => {
    if (!audio.getAttribute('src')) return;
    watch.disconnect();
    start();
  });
  watch.observe(audio, { attributes: true, attributeFilter: ['src'] });
  // A file that never comes (offline, deleted) leaves nothing watching.
  setTimeout(() => watch.disconnect(), 10_000);
}

/** With Autoplay on, each face's sounds play as it appears (`face` names the face on screen). */
export function useAutoplaySounds(
  card: RefObject<HTMLElement | null>,
  play: () => boolean,
  autoplay: boolean,
  face: string,
): void {
  useEffect(() => {
    const root = card.current;
    if (!autoplay || !root || play()) return;
    // The card's text may still be rendering (its renderer is a lazy chunk): play once its sounds are there.
    const watch = new MutationObserver(() => {
      if (!root.querySelector('audio')) return;
      watch.disconnect();
      play();
    });
    watch.observe(root, { childList: true, subtree: true });
    const giveUp = setTimeout(() => watch.disconnect(), 5_000);
    return () => {
      watch.disconnect();
      clearTimeout(giveUp);
    };
  }, [card, autoplay, face, play]);
}
