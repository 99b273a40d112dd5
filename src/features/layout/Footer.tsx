import Image from 'next/image';
import { useTranslations } from 'next-intl';
import styles from './Footer.module.css';
import { NavLink } from './NavLink';

type Props = {
  /** From the site dictionary (content/site.json, SITE_CONFIG_FILE), like `GET /api/home/config`. */
  chatGroupUrl: string;
  licenses: { slug: string; name: string }[];
};

export function Footer({ chatGroupUrl, licenses }: Props) {
  const t = useTranslations('footer');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>MacCMS Pro</p>
          <p className={styles.tagline}>{t('tagline')}</p>
        </div>
        <nav aria-label={t('links')} className={styles.links}>
          <NavLink href="/document" className={styles.link}>
            {t('document')}
          </NavLink>
          <NavLink href="/market" className={styles.link}>
            {t('market')}
          </NavLink>
          <a href={chatGroupUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t('chatGroup')}
            <span className={styles.srOnly}>{t('newTab')}</span>
          </a>
        </nav>
        <section aria-label={t('licenses')} className={styles.licenses}>
          <p className={styles.heading}>{t('licenses')}</p>
          <ul>
            {licenses.map(({ slug, name }) => (
              <li key={slug}>
                <Image
                  src={`/licenses/${slug}.svg`}
                  alt={t('licenseAlt', { name })}
                  width={150}
                  height={28}
                  unoptimized
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>{t('copyright')}</p>
    </footer>
  );
}
