'use client';

import { useCallback, useEffect, useRef } from 'react';

/**
 * Guards a component that fetches in effects against an older answer overwriting a newer one: only
 * the most recent call's outcome is applied, and nothing after the component unmounts.
 *
 *   const latest = useLatest();
 *   useEffect(() => latest(call(op, { page }), setData, (e) => setError(errorText(e))), [page]);
 */
export function useLatest() {
  const seq = useRef(0);
  useEffect(
    () => () => {
      seq.current += 1;
    },
    [],
  );
  return useCallback(
    <T>(promise: Promise<T>, apply: (value: T) => void, failed?: (error: unknown) => void): void => {
      seq.current += 1;
      const mine = seq.current;
      promise.then(
        (value) => mine === seq.current && apply(value),
        (error: unknown) => mine === seq.current && failed?.(error),
      );
    },
    [],
  );
}
