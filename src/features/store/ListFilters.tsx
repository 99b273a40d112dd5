'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useRef } from 'react';
import { localizedPath, toLocale } from '@/contract/locales';
import { SORTS } from '@/contract/store';
import { SearchField } from '@/features/common/SearchField';
import { useRouter } from '@/i18n/navigation';
import type { ListQuery } from './query';
import styles from './Store.module.css';

/**
 * Search, sort and filters as a plain GET form, so it works before scripts load; once they have,
 * changing a select applies it at once.
 */
export function ListFilters({ action, query }: { action: string; query: ListQuery }) {
  const t = useTranslations('store');
  const locale = toLocale(useLocale());
  const form = useRef<HTMLFormElement>(null);
  const router = useRouter();
  const submit = () => form.current?.requestSubmit();
  // With scripts, navigate without the empty fields a plain GET form would put in the address.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(e.currentTarget))
      if (typeof value === 'string' && value.trim() && !(key === 'sort' && value === 'downloads'))
        params.set(key, value.trim());
    const query = params.toString();
    router.push(query ? `${action}?${query}` : action);
  };
  const price = query.toll === undefined ? '' : query.toll ? 'paid' : 'free';
  return (
    <search>
      <form
        ref={form}
        action={localizedPath(locale, action)}
        method="get"
        className={styles.toolbar}
        onSubmit={onSubmit}
      >
        <SearchField
          name="name"
          label={t('searchLabel')}
          defaultValue={query.name}
          placeholder={t('searchPlaceholder')}
          maxLength={60}
          className={styles.searchField}
        />
        <label className={styles.select}>
          <span>{t('sortLabel')}</span>
          <select name="sort" defaultValue={query.sortBy} onChange={submit}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.select}>
          <span>{t('deviceLabel')}</span>
          <select name="device" defaultValue={query.device ? String(query.device) : ''} onChange={submit}>
            <option value="">{t('deviceAny')}</option>
            <option value="1">{t('deviceFilter.1')}</option>
            <option value="2">{t('deviceFilter.2')}</option>
          </select>
        </label>
        <label className={styles.select}>
          <span>{t('priceLabel')}</span>
          <select name="price" defaultValue={price} onChange={submit}>
            <option value="">{t('priceAny')}</option>
            <option value="free">{t('free')}</option>
            <option value="paid">{t('paid')}</option>
          </select>
        </label>
        <button type="submit" className={styles.primary}>
          {t('search')}
        </button>
      </form>
    </search>
  );
}
