import 'server-only';
import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import type { AuthenticityInfo } from '@/contract/domain';
import { invalid } from '../errors';
import { findImitation } from './authenticity/imitation';
import { officialDomains } from './authenticity/official';
import { parseTarget } from './target';

/**
 * Is `input` one of the official domains? The input is reduced to its registrable domain
 * (public-suffix aware; IDN compared in its ASCII form) so `www.maccms.com/path` is official
 * and `maccms.com.evil.cn` is not; anything else is explained against the official list.
 */
export function checkAuthenticity({ input }: { input: string }): AuthenticityInfo {
  const url = parseTarget(input);
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const parsed = parse(host, { allowPrivateDomains: false });
  if (parsed.isIp || !parsed.domain || !parsed.publicSuffix) throw invalid('domain.badAddress');
  const official = officialDomains();
  const domain = parsed.domain;
  const isOfficial = official.includes(domain);
  const imitation = isOfficial
    ? null
    : findImitation(
        {
          label: parsed.domainWithoutSuffix ?? '',
          unicodeLabel: domainToUnicode(parsed.domainWithoutSuffix ?? ''),
          suffix: parsed.publicSuffix,
          subdomain: parsed.subdomain ?? '',
        },
        official,
      );
  return {
    input,
    host,
    host_unicode: domainToUnicode(host),
    domain,
    domain_unicode: domainToUnicode(domain),
    is_fake: !isOfficial,
    verdict: isOfficial ? 'official' : imitation ? 'lookalike' : 'unofficial',
    imitates: imitation?.imitates ?? null,
    techniques: imitation?.techniques ?? [],
    official,
  };
}
