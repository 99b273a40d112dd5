'use client';

import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react';
import { LocalizedLink, useRouter } from './localized-navigation';

type Props = Omit<ComponentProps<typeof LocalizedLink>, 'prefetch'>;

/**
 * How long a prefetched address is not asked for again from this tab. A prefetch the server
 * refused (its render budget answers 429) is then not retried on every hover, and one the router
 * holds costs nothing to skip.
 */
const PREFETCH_AGAIN_AFTER_MS = 30_000;
const prefetchedAt = new Map<string, number>();

/** Whether `key` may be prefetched now; records the attempt when it may. */
export function mayPrefetch(key: string, now = Date.now()): boolean {
  const at = prefetchedAt.get(key);
  if (at !== undefined && now - at < PREFETCH_AGAIN_AFTER_MS) return false;
  prefetchedAt.set(key, now);
  return true;
}

/**
 * The portal's link. It prefetches on intent only: when a pointer rests on it, it gets focus or a
 * finger touches it, never because it scrolled into view. A list page holds dozens of links, and
 * prefetching all of them on every view spends a logged-in visitor's render budget in a few views
 * (the server then answers 429 and Next retries); intent asks for the page that is about to open.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const router = useRouter();
  const intent = () => {
    const key = typeof href === 'string' ? href : JSON.stringify(href);
    if (mayPrefetch(key)) router.prefetch(href as Parameters<typeof router.prefetch>[0]);
  };
  return (
    <LocalizedLink
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        intent();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        intent();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        intent();
        onTouchStart?.(event);
      }}
    />
  );
}
