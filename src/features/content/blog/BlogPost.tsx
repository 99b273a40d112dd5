import { getTranslations } from 'next-intl/server';
import type { ArticleDetail } from '@/contract/content';
import { TitleBar } from '@/features/layout/TitleBar';
import { Link } from '@/i18n/navigation';
import '../prose.css';
import styles from './Blog.module.css';

type Neighbour = { article_id: number; slug: string; title: string } | null;

/** A post: title, time, sanitised content (made safe when it was loaded), previous and next. */
export async function BlogPost({
  detail,
  prev,
  next,
}: {
  detail: ArticleDetail;
  prev: Neighbour;
  next: Neighbour;
}) {
  const t = await getTranslations('content.blog');
  return (
    <>
      <TitleBar title={detail.title} crumbs={[{ label: t('title'), href: '/blog' }]} />
      <article className={styles.post}>
        <p className={styles.postMeta}>
          {t('published')}{' '}
          <time dateTime={new Date(detail.create_time * 1000).toISOString()}>{detail.create_date}</time>
        </p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow-list when the post was loaded */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: detail.content }} />
        <nav className={styles.neighbours} aria-label={t('neighbours')}>
          {prev && (
            <Link href={`/blog/${prev.slug}`} className={styles.neighbour} rel="prev">
              <span className={styles.neighbourLabel}>← {t('prev')}</span>
              {prev.title}
            </Link>
          )}
          {next && (
            <Link href={`/blog/${next.slug}`} className={`${styles.neighbour} ${styles.newer}`} rel="next">
              <span className={styles.neighbourLabel}>{t('next')} →</span>
              {next.title}
            </Link>
          )}
        </nav>
        <p className={styles.back}>
          <Link href="/blog">{t('backToList')}</Link>
        </p>
      </article>
    </>
  );
}
