import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import { libraryQuerySchema } from '@/contract/resource';
import { TitleBar } from '@/features/layout/TitleBar';
import { Directory } from '@/features/resource/Directory';
import { LatestVideos } from '@/features/resource/LatestVideos';
import styles from '@/features/resource/Resource.module.css';
import { Stats } from '@/features/resource/Stats';
import { siteUrl } from '@/server/config/env';
import { cachedDirectory, cachedLibrary, cachedLibraryStats, cachedTypes } from '@/server/resource/cached';
import { libraryPlayers } from '@/server/resource/library-players';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[]>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'resource.page' });
  return { title: t('title'), description: t('description') };
}

/**
 * Public resource library: totals, collection addresses, latest videos, station directory. Its client
 * components (copy buttons, the empty state) read only the shell's messages: (content), not (site).
 */
export default async function ResourcePage({ params, searchParams }: Props) {
  const { locale: raw } = await params;
  setRequestLocale(raw);
  const locale = toLocale(raw);
  const query = libraryQuerySchema.parse(await searchParams);
  const [t, stats, library, types, stations, players] = await Promise.all([
    getTranslations('resource.page'),
    cachedLibraryStats(),
    cachedLibrary({ pg: query.page, wd: query.wd, t: query.t, pagesize: 20 }, locale),
    cachedTypes(locale),
    cachedDirectory(locale),
    libraryPlayers(),
  ]);
  const apiBase = `${siteUrl()}/resource-api/provide/vod`;
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.page}>
        <Stats stats={stats} stations={stations.length} types={types} apiBase={apiBase} players={players} />
        <LatestVideos library={library} types={types} query={query} apiBase={apiBase} />
        <Directory stations={stations} />
      </div>
    </>
  );
}
