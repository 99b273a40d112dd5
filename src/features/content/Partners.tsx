import { getTranslations } from 'next-intl/server';
import styles from './Content.module.css';

/** Partner links from the site configuration. */
export async function Partners({ partners }: { partners: { name: string; url: string }[] }) {
  const t = await getTranslations('content.partners');
  if (!partners.length) return null;
  return (
    <section className={styles.partners} aria-labelledby="partners-title">
      <h2 id="partners-title" className={styles.heading}>
        {t('title')}
      </h2>
      <ul>
        {partners.map((p) => (
          <li key={p.name}>
            <a href={p.url} rel="noopener noreferrer">
              {p.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
