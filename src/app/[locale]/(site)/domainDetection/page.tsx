import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DOMAIN_INPUT_MAX } from '@/contract/domain';
import { toLocale } from '@/contract/locales';
import { DomainDetection } from '@/features/domain/DomainDetection';
import { TitleBar } from '@/features/layout/TitleBar';
import { env } from '@/server/config/env';
import { cachedReleases } from '@/server/content/cached';
import { pickDownloads } from '@/server/content/list-releases';
import { siteConfig } from '@/server/content/site-config';
import { officialDomains } from '@/server/domain/authenticity/official';
import { injectSiteList } from '@/server/domain/inject-site-list';
import { siteHistory } from '@/server/domain/site-history';
import { nullIfInvalid } from '@/server/errors';

// Counters and releases live in the database, which is not open while building.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ activeIndex?: string | string[]; domain?: string | string[] }>;
};
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'domain' });
  return { title: t('title'), description: t('description') };
}

/**
 * /domainDetection: the three checks, chosen by `activeIndex` 1, 2, 3 (the header's sub-items). With
 * `domain` on the third, the link a result is shared by: that site's stored record.
 */
export default async function DomainDetectionPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const index = Number(one(query.activeIndex));
  const mode = index === 2 || index === 3 ? index : 1;
  const domain = one(query.domain).slice(0, DOMAIN_INPUT_MAX);
  // An address that cannot be a site shows the page without a record, as if none were named.
  const record = mode === 3 && domain ? await nullIfInvalid(siteHistory(domain, toLocale(locale))) : null;
  const t = await getTranslations('domain');
  const { upgrades } = pickDownloads(await cachedReleases(toLocale(locale)));
  return (
    <>
      <TitleBar title={t('title')} />
      <DomainDetection
        mode={mode}
        product={env().PRODUCT}
        stats={mode === 3 ? await injectSiteList({ limit: 12, now: new Date() }) : null}
        record={record}
        upgrades={upgrades}
        channels={siteConfig().download_channels}
        official={officialDomains()}
      />
    </>
  );
}
