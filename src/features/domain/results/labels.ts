'use client';

import { useTranslations } from 'next-intl';
import { useKeyText } from '@/i18n/keys';

const camel = (code: string) => code.replace(/[+-](\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Words for the scanner's codes: visitor profiles (`mobile+baidu`), where a finding sits
 * (`script-src`, `html:decoded`) and redirect kinds (`http-302`, `meta-refresh`). A code the
 * messages do not know yet is shown as it is rather than as a missing key.
 */
export function useScanLabels() {
  const t = useTranslations('domain');
  const text = useKeyText('domain');
  const known = (key: string, fallback: string) => text(key, undefined, fallback);
  const profile = (name: string) => known(`profile.${camel(name)}`, name);
  return {
    profile,
    profiles: (joined: string) => joined.split(', ').map(profile).join(t('result.separator')),
    where: (code: string) => {
      if (/^http-\d{3}$/.test(code)) return t('where.httpRedirect', { status: code.slice(5) });
      const [base = code, decoded] = code.split(':');
      const label = known(`where.${camel(base)}`, base);
      return decoded === 'decoded' ? t('where.decoded', { where: label }) : label;
    },
    redirectKind: (kind: string) =>
      /^http-\d{3}$/.test(kind)
        ? `HTTP ${kind.slice(5)}`
        : known(`redirectKind.${kind}`, known(`where.${camel(kind)}`, kind)),
  };
}
