import { getTranslations } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { KnownReleases } from '@/features/admin/KnownReleases';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { knownReleasesView } from '@/server/market/validate/known-import';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('market.review.known.title');

/** Administrators import the library releases the package scan trusts, and remove them. */
export default async function KnownReleasesPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('market.review.known');
  return (
    <>
      <TitleBar title={t('title')} />
      <AdminGate>{() => <Releases />}</AdminGate>
    </>
  );
}

async function Releases() {
  return <KnownReleases initial={(await knownReleasesView()).list} />;
}
