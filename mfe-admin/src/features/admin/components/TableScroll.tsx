import type { ReactNode } from 'react';

/**
 * The sideways scroll a wide table gets on a phone. Focusable, so a keyboard can scroll it with
 * the arrow keys even when no cell holds a control (WCAG 2.1.1), and named by the table's heading
 * or caption, so what took the focus is announced. A group, not a region: a table is no landmark
 * of its own (the users' and audit tables sit in sections of the same name).
 */
export function TableScroll({
  className,
  labelledBy,
  children,
}: {
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <div className={className} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
