import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import type { DocHit } from '@/server/content/docs';
import styles from './Docs.module.css';

/** The snippet with each occurrence of the query marked. */
function Marked({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = text.toLowerCase().indexOf(q); q && at >= 0; at = text.toLowerCase().indexOf(q, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + q.length)}</mark>);
    from = at + q.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

export async function DocsSearchResults({
  base,
  hits,
  query,
}: {
  base: string;
  hits: DocHit[];
  query: string;
}) {
  const t = await getTranslations('content.docs');
  if (!hits.length) return <Empty hint={t('noResults')} />;
  return (
    <>
      <p className={styles.count}>{t('results', { count: hits.length })}</p>
      <ul className={styles.hits}>
        {hits.map((hit) => (
          <li key={`${hit.menu}/${hit.sub}`}>
            <Link href={`${base}?menu=${hit.menu}&sub=${hit.sub}`} className={styles.hitLink}>
              {hit.title}
            </Link>
            <p>
              <Marked text={hit.snippet} query={query} />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
