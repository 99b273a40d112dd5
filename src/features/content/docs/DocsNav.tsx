import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/features/common/SearchForm';
import { keyText } from '@/i18n/keys';
import { Link } from '@/i18n/navigation';
import styles from './Docs.module.css';

export type NavEntry = { menu: string; subs: { sub: string; title: string }[] };

/**
 * Search box (a plain GET form) and the menus; the active sub-item is marked for assistive tech.
 */
export async function DocsNav(props: {
  base: string;
  nav: NavEntry[];
  active: { menu: string; sub: string };
  query: string;
}) {
  const t = await getTranslations('content.docs');
  const { base, nav, active, query } = props;
  return (
    <aside className={styles.nav}>
      <SearchForm
        path={base}
        messages="content.docs"
        className={styles.search}
        id="docs-q"
        defaultValue={query}
      />
      <nav aria-label={t('title')}>
        <ul className={styles.menus}>
          {nav.map((entry) => (
            <li key={entry.menu}>
              {entry.subs.length === 0 ? (
                <Link
                  href={`${base}?menu=${entry.menu}`}
                  className={active.menu === entry.menu ? styles.activeLink : styles.menuLink}
                  aria-current={active.menu === entry.menu ? 'page' : undefined}
                >
                  {keyText(t, `menu.${entry.menu}`)}
                </Link>
              ) : (
                <>
                  <p className={active.menu === entry.menu ? styles.menuActive : styles.menuTitle}>
                    {keyText(t, `menu.${entry.menu}`)}
                  </p>
                  <ul>
                    {entry.subs.map(({ sub, title }) => {
                      const current = active.menu === entry.menu && active.sub === sub;
                      return (
                        <li key={sub}>
                          <Link
                            href={`${base}?menu=${entry.menu}&sub=${sub}`}
                            className={current ? styles.activeLink : styles.subLink}
                            aria-current={current ? 'page' : undefined}
                          >
                            {title}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
