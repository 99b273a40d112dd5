import type { ReactNode } from 'react';

/** The real document lives in [locale]/layout.tsx; this only passes children through. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
