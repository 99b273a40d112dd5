import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import { AddStation } from '@/features/resource/AddStation';
import styles from '@/features/resource/Manage.module.css';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'resource.add' });
  return { title: t('title'), robots: { index: false } };
}

/** Private page: add a resource station in two steps. */
export default async function AddStationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const row = await pageUser();
  const t = await getTranslations('resource');
  return (
    <>
      <TitleBar title={t('add.title')} crumbs={[{ label: t('list.title'), href: '/market/resource' }]} />
      <div className={styles.page}>
        <AddStation serverUser={row ? presentUser(row) : null} />
      </div>
    </>
  );
}
