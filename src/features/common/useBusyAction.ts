'use client';

import { useState } from 'react';
import { errorText, failureKind } from '@/features/api/client';
import { useToast } from './Toast';

/**
 * Wraps a form's request: `busy` is true while it runs (for the button's spinner), and a failure
 * is shown as an error toast. Success messages stay with the caller, which knows what to say.
 */
export function useBusyAction<A extends unknown[]>(run: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const act = async (...args: A) => {
    setBusy(true);
    try {
      await run(...args);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };
  return [busy, act] as const;
}
