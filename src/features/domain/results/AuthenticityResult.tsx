'use client';

import { useTranslations } from 'next-intl';
import type { AuthenticityInfo } from '@/contract/domain';
import r from './Results.module.css';

/** "Official domain" or "Fake domain", how a fake imitates which official one, and the official list. */
export function AuthenticityResult({ info }: { info: AuthenticityInfo }) {
  const t = useTranslations('domain');
  const shown = info.domain_unicode === info.domain ? info.domain : `${info.domain_unicode} (${info.domain})`;
  return (
    <div className={info.is_fake ? r.resultBad : r.resultGood} data-testid="result">
      <p className={r.verdict}>{info.is_fake ? t('result.fake') : t('result.official')}</p>
      <p>{t(info.is_fake ? 'result.fakeText' : 'result.officialText', { domain: shown })}</p>
      {info.imitates && (
        <p>
          {t('result.imitates', {
            official: info.imitates,
            techniques: info.techniques.map((k) => t(`technique.${k}`)).join(t('result.separator')),
          })}
        </p>
      )}
      <p className={r.officialList}>
        {t('result.officialList')}
        {info.official.map((o) => (
          <a key={o} href={`https://www.${o}`} rel="noopener noreferrer">
            {o}
          </a>
        ))}
      </p>
    </div>
  );
}
