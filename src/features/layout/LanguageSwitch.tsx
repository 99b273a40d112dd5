'use client';

import { useLocale, useTranslations } from 'next-intl';
import { LOCALE_LABELS, LOCALES, type Locale } from '@/contract/locales';
import { Dropdown, dropdownItem } from '@/features/common/Dropdown';
import { usePathname, useRouter } from '@/i18n/navigation';
import styles from './Header.module.css';

/** Language dropdown; next-intl's router keeps the choice in the NEXT_LOCALE cookie. */
export function LanguageSwitch() {
  const t = useTranslations('header');
  const current = useLocale() as Locale;
  const pathname = usePathname();
  const router = useRouter();
  const choose = (locale: Locale) => {
    router.replace(`${pathname}${window.location.search}`, { locale });
  };
  return (
    <Dropdown
      label={`${t('language')}: ${LOCALE_LABELS[current]}`}
      trigger={
        <>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.icon}>
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
          <span>{LOCALE_LABELS[current]}</span>
        </>
      }
    >
      {(close) =>
        LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            className={dropdownItem}
            lang={locale}
            aria-current={locale === current ? 'true' : undefined}
            onClick={() => {
              close();
              if (locale !== current) choose(locale);
            }}
          >
            {LOCALE_LABELS[locale]}
          </button>
        ))
      }
    </Dropdown>
  );
}
