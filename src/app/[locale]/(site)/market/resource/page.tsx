import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import styles from '@/features/resource/Manage.module.css';
import { StationsView } from '@/features/resource/StationsView';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'resource.list' });
  return { title: t('title'), robots: { index: false } };
}

/** Private page: the developer's stations (and the review for administrators), per request. */
export default async function StationsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const row = await pageUser();
  const t = await getTranslations('resource.list');
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.page}>
        <StationsView serverUser={row ? presentUser(row) : null} />
      </div>
    </>
  );
}
