import { useEffect, useRef, useState } from 'react';

/**
 * An inline "are you sure?" for a destructive button: focus goes to Cancel when the question
 * opens (the safe choice) and back to the button that asked when it closes.
 */
export function useConfirm() {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (returnFocus.current) trigger.current?.focus();
    returnFocus.current = false;
  }, [confirming]);

  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => {
      returnFocus.current = true;
      setConfirming(false);
    },
    /** The destructive button. */
    trigger,
    cancelButton,
  };
}
