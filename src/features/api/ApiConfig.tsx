'use client';

import { useLocale } from 'next-intl';
import { toLocale } from '@/contract/locales';
import { useKeyText } from '@/i18n/keys';
import { configureApi } from './client';

/** Keeps the API client's language and error texts in step with the page's locale. */
export function ApiConfig() {
  const locale = toLocale(useLocale());
  const text = useKeyText();
  configureApi(locale, (key, values) => text(key, values));
  return null;
}
