'use client';

import { useEffect, useState } from 'react';

/**
 * The HTTP status the browser got for the page it opened (Navigation Timing's responseStatus), known
 * once the page runs in the browser: the error page then says what the server said (503 while the
 * database is unavailable) rather than a fixed 500. Undefined before that, or where the browser does
 * not tell.
 */
export function useDocumentStatus(): number | undefined {
  const [status, setStatus] = useState<number>();
  useEffect(() => {
    const [entry] = performance.getEntriesByType('navigation') as (PerformanceEntry & {
      responseStatus?: number;
    })[];
    if (typeof entry?.responseStatus === 'number') setStatus(entry.responseStatus);
  }, []);
  return status;
}
