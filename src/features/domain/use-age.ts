'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';

/** "3 hours ago", in the page's language; worked out in the browser, where "now" is. */
export function useAge(unixSeconds: number | undefined) {
  const locale = useLocale();
  const [age, setAge] = useState('');
  useEffect(() => {
    if (unixSeconds === undefined) return setAge('');
    const minutes = Math.round((unixSeconds * 1000 - Date.now()) / 60_000);
    const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
      Math.abs(minutes) < 60
        ? [minutes, 'minute']
        : Math.abs(minutes) < 48 * 60
          ? [Math.round(minutes / 60), 'hour']
          : [Math.round(minutes / 1440), 'day'];
    setAge(format.format(value, unit));
  }, [unixSeconds, locale]);
  return age;
}
