import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { AdminList } from '@/features/admin/AdminList';
import { TitleBar } from '@/features/layout/TitleBar';
import styles from '@/features/market/Market.module.css';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'market.admin' });
  return { title: t('listTheme'), robots: { index: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('market.admin');
  const query = await searchParams;
  return (
    <>
      <TitleBar title={t('listTheme')} />
      <div className={styles.page}>
        <AdminGate>{() => <AdminList kind="theme" query={query} />}</AdminGate>
      </div>
    </>
  );
}
