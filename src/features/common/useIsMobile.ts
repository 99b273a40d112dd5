'use client';

import { useSyncExternalStore } from 'react';
import { MOBILE_WIDTH } from '@/contract/limits';

const QUERY = `(max-width: ${MOBILE_WIDTH}px)`;
const MOBILE_UA = /iPhone|iPod|iPad|Android/i;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia(QUERY).matches || MOBILE_UA.test(navigator.userAgent);

/** The phone layout: width of 900 px or less, or an iPhone/iPod/iPad/Android user agent. False on the server. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
