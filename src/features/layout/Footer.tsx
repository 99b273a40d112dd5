import { useLocale, useTranslations } from 'next-intl';
import { useKeyText } from '@/i18n/keys';
import styles from './Footer.module.css';
import { NavLink } from './NavLink';
import { domainList } from './official-domains';

type Props = {
  /** From the site dictionary (content/site.json, SITE_CONFIG_FILE), like `GET /api/home/config`. */
  chatGroupUrl: string;
  licenses: { slug: string; name: string }[];
  siteName: string;
  /** `email` → a mailto link; others are addresses (Telegram, GitHub…) named by their key. */
  contacts: Record<string, string>;
  /** OFFICIAL_DOMAINS, named on every page with a link to the check that tells a fake one. */
  officialDomains: readonly string[];
};

/** An email address becomes a mailto link, a web address a link; anything else is shown as text. */
function contactLink(value: string): string | null {
  if (/^[^\s@/:]+@[^\s@/]+$/.test(value)) return `mailto:${value}`;
  return /^https?:\/\//i.test(value) ? value : null;
}

export function Footer({ chatGroupUrl, licenses, siteName, contacts, officialDomains }: Props) {
  const t = useTranslations('footer');
  const locale = useLocale();
  const text = useKeyText('footer');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{siteName}</p>
          <p className={styles.tagline}>{t('tagline')}</p>
          {Object.keys(contacts).length > 0 && (
            <ul className={styles.contacts} aria-label={t('contact')}>
              {Object.entries(contacts).map(([key, value]) => {
                const name = text(`contactName.${key}`);
                const href = contactLink(value);
                return (
                  <li key={key}>
                    {href ? (
                      <a href={href} rel="noopener noreferrer" className={styles.link}>
                        {href.startsWith('mailto:') ? value : name}
                      </a>
                    ) : (
                      `${name}: ${value}`
                    )}
                  </li>
                );
              })}
            </ul>
          )}
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
            <span className="sr-only">{t('newTab')}</span>
          </a>
        </nav>
        <section aria-label={t('licenses')} className={styles.licenses}>
          <p className={styles.heading}>{t('licenses')}</p>
          <ul>
            {licenses.map(({ slug, name }) => (
              <li key={slug}>
                {/* biome-ignore lint/performance/noImgElement: small static badges; next/image would add a client bundle to every page */}
                <img
                  src={`/licenses/${slug}.svg`}
                  alt={t('licenseAlt', { name })}
                  width={150}
                  height={28}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.official} data-testid="official-domains">
        {t('official', { domains: domainList(officialDomains, locale) })}{' '}
        <NavLink href="/domainDetection?activeIndex=1" className={styles.link}>
          {t('checkDomain')}
        </NavLink>
      </p>
      <p className={styles.copyright}>{t('copyright')}</p>
    </footer>
  );
}
