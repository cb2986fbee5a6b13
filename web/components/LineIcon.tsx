// A line icon on a 24-unit grid, drawn in the text's colour and hidden from screen readers (the
// button or text beside it names it): no icon font, no extra request.
import type { ReactNode } from 'react';

export function LineIcon({ size = 20, stroke = 2, children }: { size?: number; stroke?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
