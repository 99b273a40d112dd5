import type { ReactNode } from 'react';

const icon = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

/** Line icons of the six highlights. */
export const FEATURE_ICONS: Record<string, ReactNode> = {
  f1: icon(<path d="M4 6h16M4 12h16M4 18h10M18 16v6M15 19l3 3 3-3" />),
  f2: icon(<path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM16.5 13v7M13 16.5h7" />),
  f3: icon(<path d="M3 5h9M7.5 3v2M5 5c1 4 4 7 7 8M10 5c-1 4-4 7-7 8M13 21l4-10 4 10M14.5 17h5" />),
  f4: icon(
    <>
      <ellipse cx="12" cy="6" rx="8" ry="3" />
      <path d="M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </>,
  ),
  f5: icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
  ),
  f6: icon(
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21M8 11l2 2 3.5-4" />
    </>,
  ),
};
