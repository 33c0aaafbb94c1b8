import { useCallback, useMemo } from 'react';

/**
 * Reads text aloud with the Web Speech API (the browser's own voices), in `language` (BCP 47,
 * the set's) when it has a voice for it. `supported` is false where the browser has none.
 */
export function useSpeech() {
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const speak = useCallback(
    (text: string, language: string) => {
      if (!synth || !text.trim()) return;
      synth.cancel(); // one card at a time: the previous one stops
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = language;
      synth.speak(utterance);
    },
    [synth],
  );
  const stop = useCallback(() => synth?.cancel(), [synth]);
  return useMemo(() => ({ supported: synth !== null, speak, stop }), [synth, speak, stop]);
}
