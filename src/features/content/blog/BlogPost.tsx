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
        <nav className={styles.neighbours} aria-label={t('pager')}>
          <p>
            {t('prev')}: {prev ? <Link href={`/blog/${prev.slug}`}>{prev.title}</Link> : t('none')}
          </p>
          <p>
            {t('next')}: {next ? <Link href={`/blog/${next.slug}`}>{next.title}</Link> : t('none')}
          </p>
        </nav>
      </article>
    </>
  );
}
