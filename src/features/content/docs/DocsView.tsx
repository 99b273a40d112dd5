import { getTranslations } from 'next-intl/server';
import { API_REFERENCE_PAGE, type ReleaseView } from '@/contract/content';
import { TitleBar } from '@/features/layout/TitleBar';
import type { DocHit, DocPage } from '@/server/content/docs';
import '../prose.css';
import { ApiReference, apiReferenceHeadings } from './ApiReference';
import styles from './Docs.module.css';
import { DocsNav, type NavEntry } from './DocsNav';
import { DocsSearchResults } from './DocsSearchResults';
import { UpdateLog } from './UpdateLog';

type Props = {
  base: string;
  nav: NavEntry[];
  active: { menu: string; sub: string };
  page: DocPage | null;
  query: string;
  hits: DocHit[] | null;
  releases: ReleaseView[] | null;
};

/** Docs: left navigation (active menu and sub-item in the URL), the page, and its table of contents. */
export async function DocsView({ base, nav, active, page, query, hits, releases }: Props) {
  const t = await getTranslations('content.docs');
  const title = hits ? t('searchTitle', { query }) : releases ? t('menu.log') : (page?.title ?? t('title'));
  // The API reference adds the operations generated from the registry below its Markdown.
  const reference = !hits && page?.menu === API_REFERENCE_PAGE.menu && page.sub === API_REFERENCE_PAGE.sub;
  const headings = page ? [...page.headings, ...(reference ? await apiReferenceHeadings() : [])] : [];
  return (
    <>
      <TitleBar title={title} crumbs={[{ label: t('title'), href: base }]} />
      <div className={styles.layout}>
        {/* Search results belong to no page of the menu. */}
        <DocsNav base={base} nav={nav} active={hits ? { menu: '', sub: '' } : active} query={query} />
        <div className={styles.main}>
          {hits ? (
            <DocsSearchResults base={base} hits={hits} query={query} />
          ) : releases ? (
            <UpdateLog releases={releases} />
          ) : (
            page && (
              <>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from our Markdown through the sanitiser */}
                <article className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
                {reference && <ApiReference />}
              </>
            )
          )}
        </div>
        {page && !hits && !releases && headings.length > 0 && (
          <nav className={styles.toc} aria-label={t('toc')}>
            <p className={styles.tocTitle}>{t('toc')}</p>
            <ol>
              {headings.map((h) => (
                <li key={h.id} className={h.depth === 3 ? styles.tocSub : undefined}>
                  <a href={`#${h.id}`}>{h.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </div>
    </>
  );
}
