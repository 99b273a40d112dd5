import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/features/common/SearchForm';
import { Empty } from '@/features/layout/Empty';
import { NavLink } from '@/features/layout/NavLink';
import { TitleBar } from '@/features/layout/TitleBar';
import { Link } from '@/i18n/navigation';
import type { HelpCategory } from '@/server/content/help';
import '../prose.css';
import styles from './Help.module.css';

type Props = {
  all: { key: string; title: string }[];
  shown: HelpCategory[];
  category: string;
  query: string;
};

/** Help centre: categories, questions that open to their answers, search, and the way to feedback. */
export async function HelpView({ all, shown, category, query }: Props) {
  const t = await getTranslations('content.help');
  const count = shown.reduce((n, c) => n + c.answers.length, 0);
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.wrap}>
        <SearchForm
          path="/helpCenter"
          messages="content.help"
          className={styles.search}
          keep={{ cat: category }}
          id="help-q"
          defaultValue={query}
        />
        <nav aria-label={t('categories')} className={styles.cats}>
          <Link href="/helpCenter" aria-current={category ? undefined : 'page'}>
            {t('all')}
          </Link>
          {all.map((c) => (
            <Link
              key={c.key}
              href={`/helpCenter?cat=${c.key}`}
              aria-current={c.key === category ? 'page' : undefined}
            >
              {c.title}
            </Link>
          ))}
        </nav>
        {query && count > 0 && <p className={styles.count}>{t('results', { count })}</p>}
        {shown.length === 0 && <Empty hint={t('noResults')} />}
        {shown.map((c) => (
          <section key={c.key} aria-labelledby={`cat-${c.key}`} className={styles.category}>
            <h2 id={`cat-${c.key}`}>{c.title}</h2>
            {c.answers.map((a) => (
              <details key={a.id} id={a.id} className={styles.item} open={Boolean(query)}>
                <summary>{a.question}</summary>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our Markdown, passed through the sanitiser */}
                <div className="prose" dangerouslySetInnerHTML={{ __html: a.html }} />
              </details>
            ))}
          </section>
        ))}
        <aside className={styles.feedback}>
          <h2>{t('feedbackTitle')}</h2>
          <p>{t('feedbackText')}</p>
          <NavLink href="/market/feedback" className={styles.feedbackButton}>
            {t('feedback')}
          </NavLink>
        </aside>
      </div>
    </>
  );
}
