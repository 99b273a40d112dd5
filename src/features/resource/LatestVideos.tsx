import { useTranslations } from 'next-intl';
import type { ResourceType } from '@/contract/resource';
import { SearchField } from '@/features/common/SearchField';
import { Empty } from '@/features/layout/Empty';
import type { LibraryPage } from '@/server/resource/format/serialize';
import { CopyButton } from './CopyButton';
import styles from './Resource.module.css';

type Query = { page: number; wd: string; t: number };

const href = (q: Query, page: number) => {
  const params = new URLSearchParams();
  if (q.wd) params.set('wd', q.wd);
  if (q.t) params.set('t', String(q.t));
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}#latest` : '?#latest';
};

/** The latest collected videos with search, type filter, paging and "get address" per row. */
export function LatestVideos({
  library,
  types,
  query,
  apiBase,
}: {
  library: LibraryPage;
  types: ResourceType[];
  query: Query;
  apiBase: string;
}) {
  const t = useTranslations('resource.page');
  const pages = Math.max(1, library.pagecount);
  return (
    <section className={styles.section} aria-labelledby="latest">
      <div className={styles.sectionHead}>
        <h2 id="latest">{t('latest')}</h2>
        <form className={styles.filters} method="get" action="#latest">
          <SearchField
            id="resource-wd"
            name="wd"
            label={t('search')}
            defaultValue={query.wd}
            maxLength={50}
            placeholder={t('searchPlaceholder')}
          />
          <label className="sr-only" htmlFor="resource-t">
            {t('typeFilter')}
          </label>
          <select id="resource-t" name="t" defaultValue={String(query.t)}>
            <option value="0">{t('anyType')}</option>
            {types.map((type) => (
              <option key={type.type_id} value={type.type_id}>
                {type.type_name}
              </option>
            ))}
          </select>
          <button type="submit" className={styles.primary}>
            {t('search')}
          </button>
        </form>
      </div>
      {library.list.length === 0 ? (
        <Empty />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('updateTime')}</th>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('type')}</th>
                <th scope="col">{t('action')}</th>
              </tr>
            </thead>
            <tbody>
              {library.list.map((v) => (
                <tr key={v.vod_id}>
                  <td className={styles.time}>{v.vod_time}</td>
                  <td>
                    <span className={styles.title}>{v.vod_name}</span>
                    {v.vod_remarks && <span className={styles.note}>{v.vod_remarks}</span>}
                  </td>
                  <td className={styles.nowrap}>{v.type_name}</td>
                  <td className={styles.nowrap}>
                    <CopyButton text={`${apiBase}?ac=list&t=${v.type_id}`} label={t('copyAddress')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className={styles.pager} aria-label={t('pageOf', { page: library.page, pages })}>
        <span>{t('resultCount', { total: library.total })}</span>
        {library.page > 1 && <a href={href(query, library.page - 1)}>{t('prev')}</a>}
        <span>{t('pageOf', { page: library.page, pages })}</span>
        {library.page < pages && <a href={href(query, library.page + 1)}>{t('next')}</a>}
      </nav>
    </section>
  );
}
