// A formula wider than its card scrolls inside it (styles.css). A scroller the keyboard cannot
// reach hides the rest of the formula from whoever has no mouse (WCAG 2.1.1): each formula that
// overflows now is made focusable (arrow keys scroll it), no other, again when the card resizes.
import { useEffect, type RefObject } from 'react';

export function useFocusableScrollers(container: RefObject<HTMLElement | null>, html: string | null): void {
  useEffect(() => {
    const root = container.current;
    if (!root || html === null || !root.querySelector('.katex')) return;
    const update = () => {
      for (const scroller of root.querySelectorAll<HTMLElement>('.katex-display, .katex')) {
        // A display formula's own `.katex` is laid out in full inside the scrolling display.
        if (scroller.parentElement?.classList.contains('katex-display')) continue;
        if (scroller.scrollWidth > scroller.clientWidth + 1) scroller.tabIndex = 0;
        else scroller.removeAttribute('tabindex');
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(root);
    return () => observer.disconnect();
  }, [container, html]);
}
