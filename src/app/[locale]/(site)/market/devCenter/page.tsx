import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import { DevCenter } from '@/features/market/center/DevCenter';
import styles from '@/features/market/Market.module.css';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'market.center' });
  return { title: t('title'), description: t('metaDescription'), robots: { index: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('market.center');
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.page}>
        <DevCenter query={await searchParams} />
      </div>
    </>
  );
}
