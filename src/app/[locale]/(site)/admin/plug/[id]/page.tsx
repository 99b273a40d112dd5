import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import { AdminDetail } from '@/features/admin/AdminDetail';
import { AdminGate } from '@/features/admin/AdminGate';
import { TitleBar } from '@/features/layout/TitleBar';
import styles from '@/features/market/Market.module.css';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'market.admin' });
  return { title: t('detailTitle'), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('market.admin');
  const appId = Number(id);
  return (
    <>
      <TitleBar title={t('detailTitle')} crumbs={[{ label: t('listPlugin'), href: '/admin/plug' }]} />
      <div className={styles.page}>
        <AdminGate>
          {(admin) => (
            <AdminDetail
              kind="plugin"
              id={Number.isInteger(appId) ? appId : 0}
              admin={admin}
              locale={toLocale(locale)}
            />
          )}
        </AdminGate>
      </div>
    </>
  );
}
