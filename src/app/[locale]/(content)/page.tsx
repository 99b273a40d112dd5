import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import { DownloadBlock } from '@/features/content/DownloadBlock';
import { Partners } from '@/features/content/Partners';
import { PromoVideo } from '@/features/content/PromoVideo';
import { Home } from '@/features/home/Home';
import { ClientMessages } from '@/i18n/ClientMessages';
import { cachedReleaseKey, cachedReleases } from '@/server/content/cached';
import { pickDownloads } from '@/server/content/list-releases';
import { pageMetadata } from '@/server/content/seo';
import { siteConfig } from '@/server/content/site-config';

/** What the video player reads in the browser (the release block is rendered on the server). */
const HOME_CLIENT_MESSAGES = ['content.video'];

// The release block is in the first HTML, and releases live in the database, which is not open
// while building; the page cache keeps the rendered page and drops it when a release is published.
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  const meta = pageMetadata({ locale, path: '/', title: t('title'), description: t('description') });
  return { ...meta, title: { absolute: t('title') } };
}

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const config = siteConfig();
  const latest = pickDownloads(await cachedReleases(toLocale(locale)));
  const key = await cachedReleaseKey();
  return (
    <ClientMessages namespaces={HOME_CLIENT_MESSAGES}>
      <Home
        officialDomains={config.official_domains}
        downloads={
          <DownloadBlock
            channels={config.download_channels}
            latest={latest}
            keyFingerprint={key?.fingerprint ?? null}
          />
        }
        more={
          <>
            <PromoVideo {...config.promo_video} />
            <Partners partners={config.partners} />
          </>
        }
      />
    </ClientMessages>
  );
}
