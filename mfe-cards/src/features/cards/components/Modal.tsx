import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useCardsText } from '../../../i18n';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Focus goes here on close when the element that opened the modal is gone (e.g. empty state). */
  returnFocusFallback?: RefObject<HTMLElement | null>;
  /** While true, Escape and the close button do nothing (a request is in flight). */
  busy?: boolean;
  wide?: boolean;
}

/**
 * An accessible modal dialog: labelled by its title, focus moves in (to `[data-autofocus]` or the
 * first control), Tab and Shift+Tab cycle inside, Escape closes, and focus returns to the opener.
 */
export function Modal({ title, onClose, children, returnFocusFallback, busy = false, wide = false }: ModalProps) {
  const t = useCardsText();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // The latest props for the effects below, which run once; kept after each commit (a ref is not
  // written while rendering).
  const fallbackRef = useRef(returnFocusFallback);
  const closeRef = useRef({ onClose, busy });
  useLayoutEffect(() => {
    fallbackRef.current = returnFocusFallback;
    closeRef.current = { onClose, busy };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0] ?? dialog;
      first.focus();
    }
    // The page behind must not scroll under the overlay.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      const target = opener?.isConnected && opener !== document.body ? opener : fallbackRef.current?.current;
      target?.focus();
    };
  }, []);

  // Escape is heard on the whole document: focus can leave the dialog (a button that disables
  // itself while saving drops focus to <body>), and Escape must still close it.
  useEffect(() => {
    function onEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      if (!closeRef.current.busy) closeRef.current.onClose();
    }
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusablesIn(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="cards-modal-backdrop">
      <div
        ref={dialogRef}
        className={`cards-modal card${wide ? ' cards-modal-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="spread cards-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label={t('modal.close')} onClick={onClose} disabled={busy}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
