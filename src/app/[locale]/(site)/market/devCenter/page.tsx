import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { DevCenter } from '@/features/market/center/DevCenter';
import styles from '@/features/market/Market.module.css';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
};

export const generateMetadata = privateMetadata('market.center.title', {
  description: 'market.center.metaDescription',
});

export default async function Page({ params, searchParams }: Props) {
  await pageLocale(params);
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
