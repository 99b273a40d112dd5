import { getTranslations } from 'next-intl/server';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import type { DocHit } from '@/server/content/docs';
import styles from './Docs.module.css';

export async function DocsSearchResults({ base, hits }: { base: string; hits: DocHit[] }) {
  const t = await getTranslations('content.docs');
  if (!hits.length) return <Empty text={t('noResults')} />;
  return (
    <>
      <p className={styles.count}>{t('results', { count: hits.length })}</p>
      <ul className={styles.hits}>
        {hits.map((hit) => (
          <li key={`${hit.menu}/${hit.sub}`}>
            <Link
              prefetch={false}
              href={`${base}?menu=${hit.menu}&sub=${hit.sub}`}
              className={styles.hitLink}
            >
              {hit.title}
            </Link>
            <p>{hit.snippet}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
