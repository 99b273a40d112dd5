'use client';

import { useEffect, useState } from 'react';
import { HEADER_FIX_SCROLL } from '@/contract/limits';

/** True once the page is scrolled beyond HEADER_FIX_SCROLL (110 px), when `enabled`. */
export function useHeaderFixed(enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > HEADER_FIX_SCROLL);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return enabled && past;
}
