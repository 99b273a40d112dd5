import { getLocale, getTranslations } from 'next-intl/server';
import { type ArticleRow, rssPath } from '@/contract/content';
import { toLocale } from '@/contract/locales';
import { Empty } from '@/features/layout/Empty';
import { TitleBar } from '@/features/layout/TitleBar';
import { Link } from '@/i18n/navigation';
import styles from './Blog.module.css';

/** The blog list: cards with image, title, abstract and time; the page number lives in the URL. */
export async function BlogList({ rows, page, pages }: { rows: ArticleRow[]; page: number; pages: number }) {
  const t = await getTranslations('content.blog');
  const feed = rssPath(toLocale(await getLocale()));
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.wrap}>
        {rows.length === 0 ? (
          <Empty />
        ) : (
          <ul className={styles.cards}>
            {rows.map((row, i) => (
              <li key={row.article_id} className={styles.card}>
                <Link href={`/blog/${row.slug}`} className={styles.cardLink}>
                  {row.image_url && (
                    // biome-ignore lint/performance/noImgElement: small local SVG covers, nothing to optimise
                    <img
                      src={row.image_url}
                      alt=""
                      width={640}
                      height={320}
                      loading={i < 2 ? 'eager' : 'lazy'}
                    />
                  )}
                  <h2>{row.title}</h2>
                  <p className={styles.abstract}>{row.content_abbr}</p>
                  <time dateTime={new Date(row.create_time * 1000).toISOString()}>{row.create_date}</time>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label={t('pager')} className={styles.pager}>
            {page > 1 ? (
              <Link href={page === 2 ? '/blog' : `/blog?page=${page - 1}`}>{t('prevPage')}</Link>
            ) : (
              <span />
            )}
            <span aria-current="page">
              {t('page', { page })} / {pages}
            </span>
            {page < pages ? <Link href={`/blog?page=${page + 1}`}>{t('nextPage')}</Link> : <span />}
          </nav>
        )}
        <p className={styles.rss}>
          <a href={feed} type="application/rss+xml">
            {t('rss')}
          </a>
        </p>
      </div>
    </>
  );
}
