'use client';

import { domainInjectProgress, domainStartInject } from '@/contract/api/domain';
import type { CheckProgressInfo, InjectAnswer } from '@/contract/domain';
import { ApiError, call } from '@/features/api/client';

/** How often the page reads a running check's progress. */
const POLL_MS = 1000;

/**
 * Asks for an injected-code check and follows it: a recent stored result comes back at once
 * (`stored`), else the run's progress is read every second, told to `onProgress`, until its result.
 * `alive` says whether the page still wants this check (a newer one, or leaving, stops the polling).
 */
export async function followCheck(
  input: { domain: string; recheck: boolean },
  dapi: { product: string },
  onProgress: (progress: CheckProgressInfo) => void,
  alive: () => boolean,
): Promise<{ info: InjectAnswer; stored: boolean }> {
  const started = await call(domainStartInject, input, dapi);
  if (started.result) return { info: started.result, stored: true };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!alive()) throw new ApiError('', 0);
    const progress = await call(domainInjectProgress, { check_id: started.check_id }, dapi);
    if (progress.result) return { info: progress.result, stored: false };
    if (progress.state === 'failed') throw new ApiError(progress.error, 200, 0);
    onProgress(progress);
  }
}
