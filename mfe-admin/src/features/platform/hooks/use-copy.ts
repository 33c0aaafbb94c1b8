import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Copied" stays before the button reads "Copy" again. */
const COPIED_MS = 2500;

/**
 * Copies text to the clipboard and says how it went. The clipboard API exists only in a secure
 * context (https, localhost) and may be refused: then the caller selects the text for the user.
 */
export function useCopy(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
      return true;
    } catch {
      setState('failed');
      return false;
    }
  }, []);

  return { state, copy };
}
