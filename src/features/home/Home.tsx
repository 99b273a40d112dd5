import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { NavLink } from '@/features/layout/NavLink';
import { domainList } from '@/features/layout/official-domains';
import styles from './Home.module.css';
import { FEATURE_ICONS } from './icons';

const FEATURES = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6'] as const;
const ADVANTAGES = ['a1', 'a2', 'a3'] as const;
const REQUIREMENTS = ['reqPhp', 'reqMysql', 'reqOs', 'reqSafeMode'] as const;

/** A titled section of the page; `id` names its heading for the landmark. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Home: what the product is, what it needs, what it offers, and the impersonation notice.
 * `downloads` (after the hero) and `more` (at the end) take the content area's release, video and partner blocks.
 */
export function Home({
  downloads,
  more,
  officialDomains,
}: {
  downloads?: ReactNode;
  more?: ReactNode;
  /** OFFICIAL_DOMAINS: the notice names them, so a visitor can tell a fake address. */
  officialDomains: readonly string[];
}) {
  const t = useTranslations('home');
  const locale = useLocale();
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <p className={styles.badge}>{t('badge')}</p>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.pitch}>{t('pitch')}</p>
          <div className={styles.ctas}>
            <NavLink href="/document" className={styles.ctaPrimary}>
              {t('ctaDocs')}
            </NavLink>
            <NavLink href="/market" className={styles.ctaSecondary}>
              {t('ctaMarket')}
            </NavLink>
          </div>
        </div>
      </section>

      {downloads}

      <aside className={styles.warning} aria-labelledby="warning-title">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className={styles.warningIcon}>
          <path d="M12 2l10 18H2z" fill="#f59e0b" />
          <path d="M12 9v5M12 16.5v.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <div className={styles.warningText}>
          <h2 id="warning-title">{t('warningTitle')}</h2>
          <p>{t('warningText', { domains: domainList(officialDomains, locale) })}</p>
        </div>
        <NavLink href="/domainDetection?activeIndex=1" className={styles.warningLink}>
          {t('warningLink')}
        </NavLink>
      </aside>

      <Section id="req-title" title={t('requirementsTitle')}>
        <ul className={styles.requirements}>
          {REQUIREMENTS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </Section>

      <Section id="features-title" title={t('featuresTitle')}>
        <p className={styles.lead}>{t('featuresLead')}</p>
        <ul className={styles.features}>
          {FEATURES.map((key) => (
            <li key={key} className={styles.feature}>
              <span className={styles.featureIcon} aria-hidden="true">
                {FEATURE_ICONS[key]}
              </span>
              <h3>{t(`${key}Title`)}</h3>
              <p>{t(`${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="adv-title" title={t('advantagesTitle')}>
        <ol className={styles.advList}>
          {ADVANTAGES.map((key) => (
            <li key={key}>
              <h3>{t(`${key}Title`)}</h3>
              <p>{t(`${key}Text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      {more}
    </>
  );
}
