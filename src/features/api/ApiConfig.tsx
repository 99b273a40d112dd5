'use client';

import { useLocale, useTranslations } from 'next-intl';
import { toLocale } from '@/contract/locales';
import { configureApi } from './client';

/** Keeps the API client's language and error texts in step with the page's locale. */
export function ApiConfig() {
  const locale = toLocale(useLocale());
  const t = useTranslations();
  configureApi(locale, (key, values) => t(key as never, values as never));
  return null;
}
