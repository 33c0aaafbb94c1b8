import type { ReactNode } from 'react';

/**
 * The sideways scroll a wide table gets on a phone. Focusable, so a keyboard can scroll it with
 * the arrow keys even when no cell holds a control (WCAG 2.1.1), and a named region, so what took
 * the focus is announced: the table's heading or caption.
 */
export function TableScroll({ className, labelledBy, children }: { className: string; labelledBy: string; children: ReactNode }) {
  return (
    <div className={className} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
