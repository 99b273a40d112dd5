import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath, toLocale } from '@/contract/locales';
import { SearchField } from '@/features/common/SearchField';
import styles from '@/features/market/Market.module.css';

/** Search the submissions by name: a plain GET form, so the status filter and the page stay links. */
export async function AdminSearch({
  action,
  status,
  name,
}: {
  action: string;
  status: string;
  name: string;
}) {
  const t = await getTranslations('market.admin');
  const locale = toLocale(await getLocale());
  return (
    <search>
      <form action={localizedPath(locale, action)} method="get" className={styles.search}>
        {status && <input type="hidden" name="status" value={status} />}
        <SearchField
          name="name"
          label={t('search')}
          defaultValue={name}
          placeholder={t('searchPlaceholder')}
          maxLength={60}
        />
        <button type="submit">{t('search')}</button>
      </form>
    </search>
  );
}
