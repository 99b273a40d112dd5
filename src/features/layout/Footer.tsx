import Image from 'next/image';
import { useTranslations } from 'next-intl';
import styles from './Footer.module.css';
import { NavLink } from './NavLink';

export const CHAT_GROUP_URL = 'https://t.me/maccms_pro';

const LICENSES = [
  ['gpl-3.0', 'GPL-3.0'],
  ['mit', 'MIT'],
  ['apache-2.0', 'Apache-2.0'],
  ['bsd-3-clause', 'BSD-3-Clause'],
  ['lgpl-3.0', 'LGPL-3.0'],
  ['mpl-2.0', 'MPL-2.0'],
] as const;

export function Footer() {
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
          <a href={CHAT_GROUP_URL} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t('chatGroup')}
            <span className={styles.srOnly}>{t('newTab')}</span>
          </a>
        </nav>
        <section aria-label={t('licenses')} className={styles.licenses}>
          <p className={styles.heading}>{t('licenses')}</p>
          <ul>
            {LICENSES.map(([slug, name]) => (
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
