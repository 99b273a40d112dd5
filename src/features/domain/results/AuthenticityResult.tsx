'use client';

import { useTranslations } from 'next-intl';
import type { AuthenticityInfo } from '@/contract/domain';
import r from './Results.module.css';

const VERDICT = {
  official: ['result.official', 'result.officialText'],
  lookalike: ['result.fake', 'result.fakeText'],
  unofficial: ['result.unofficial', 'result.unofficialText'],
} as const;

/**
 * "Official domain"; "Fake domain" for a look-alike, with what it imitates and how; or "Not an
 * official domain" for one that imitates nothing. Then the official list.
 */
export function AuthenticityResult({ info }: { info: AuthenticityInfo }) {
  const t = useTranslations('domain');
  const shown = info.domain_unicode === info.domain ? info.domain : `${info.domain_unicode} (${info.domain})`;
  const [verdict, text] = VERDICT[info.verdict];
  const box =
    info.verdict === 'official' ? r.resultGood : info.verdict === 'lookalike' ? r.resultBad : r.resultNeutral;
  return (
    <div className={box} data-testid="result">
      <p className={r.verdict}>{t(verdict)}</p>
      <p>{t(text, { domain: shown })}</p>
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
