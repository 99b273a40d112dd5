'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { LOADING_BAR_MS, LOADING_BAR_THROTTLE_MS } from '@/contract/limits';
import styles from './LoadingBar.module.css';
import { NAVIGATION_START } from './navigation-start';

type Phase = 'idle' | 'shown' | 'done';
const FADE_MS = 250;

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * The top loading bar: a navigation that lasts 200 ms shows it; it fills while the next
 * page loads and is complete when the page is there, or at 5,000 ms after the click at the latest.
 */
export function LoadingBar() {
  const t = useTranslations('common');
  const [phase, setPhase] = useState<Phase>('idle');
  const finish = useRef(() => {});
  const pathname = usePathname();
  const search = useSearchParams().toString();

  useEffect(() => {
    let timers: ReturnType<typeof setTimeout>[] = [];
    const clear = () => {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
    };
    const later = (ms: number, run: () => void) => {
      timers.push(setTimeout(run, ms));
    };
    finish.current = () => {
      clear();
      setPhase((p) => (p === 'shown' ? 'done' : 'idle'));
      later(FADE_MS, () => setPhase('idle'));
    };
    // Called inside the router's transition: a state update here would wait for the navigation to
    // end, so only timers start here and they change the state.
    const start = (event: Event) => {
      const target = new URL((event as CustomEvent<string>).detail, window.location.href);
      if (`${target.pathname}${target.search}` === here()) return; // same page, another anchor
      clear();
      later(LOADING_BAR_THROTTLE_MS, () => setPhase('shown'));
      later(LOADING_BAR_MS, () => finish.current());
    };
    window.addEventListener(NAVIGATION_START, start);
    return () => {
      window.removeEventListener(NAVIGATION_START, start);
      clear();
    };
  }, []);

  // The new page is in place once the URL the router shows has changed.
  const shown = useRef(`${pathname}?${search}`);
  useEffect(() => {
    const key = `${pathname}?${search}`;
    if (key === shown.current) return;
    shown.current = key;
    finish.current();
  }, [pathname, search]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`${styles.bar} ${phase === 'done' ? styles.done : ''}`}
      role="progressbar"
      aria-label={t('loading')}
      style={{ animationDuration: `${LOADING_BAR_MS - LOADING_BAR_THROTTLE_MS}ms` }}
    />
  );
}
