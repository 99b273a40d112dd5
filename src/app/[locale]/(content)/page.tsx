import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DownloadBlock } from '@/features/content/DownloadBlock';
import { Partners } from '@/features/content/Partners';
import { PromoVideo } from '@/features/content/PromoVideo';
import { Home } from '@/features/home/Home';
import { ClientMessages } from '@/i18n/ClientMessages';
import { pageMetadata } from '@/server/content/seo';
import { siteConfig } from '@/server/content/site-config';

/** What the release block and the video player read in the browser. */
const HOME_CLIENT_MESSAGES = ['content.download', 'content.video'];

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
  return (
    <ClientMessages namespaces={HOME_CLIENT_MESSAGES}>
      <Home
        officialDomains={config.official_domains}
        downloads={<DownloadBlock channels={config.download_channels} />}
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
