import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import { KIND_SEGMENT, type Kind } from '@/contract/market';
import { isRecordId } from '@/contract/record-id';
import { TitleBar } from '@/features/layout/TitleBar';
import styles from '@/features/market/Market.module.css';
import { AdminDetail } from './AdminDetail';
import { AdminGate } from './AdminGate';
import { AdminList } from './AdminList';

/** The page functions of /admin/plug, /admin/theme and their audit pages, shared by both kinds. */
type ListProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
};
type DetailProps = { params: Promise<{ locale: string; id: string }> };

const LIST_TITLE = { plugin: 'listPlugin', theme: 'listTheme' } as const;

export const adminListPage = (kind: Kind) => ({
  async generateMetadata({ params }: ListProps): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'market.admin' });
    return { title: t(LIST_TITLE[kind]), robots: { index: false } };
  },
  async Page({ params, searchParams }: ListProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const t = await getTranslations('market.admin');
    const query = await searchParams;
    return (
      <>
        <TitleBar title={t(LIST_TITLE[kind])} />
        <div className={styles.page}>
          <AdminGate>{() => <AdminList kind={kind} query={query} />}</AdminGate>
        </div>
      </>
    );
  },
});

export const adminDetailPage = (kind: Kind) => ({
  async generateMetadata({ params }: DetailProps): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'market.admin' });
    return { title: t('detailTitle'), robots: { index: false } };
  },
  async Page({ params }: DetailProps) {
    const { locale, id } = await params;
    setRequestLocale(locale);
    const t = await getTranslations('market.admin');
    const appId = isRecordId(id) ? Number(id) : 0;
    return (
      <>
        <TitleBar
          title={t('detailTitle')}
          crumbs={[{ label: t(LIST_TITLE[kind]), href: `/admin/${KIND_SEGMENT[kind]}` }]}
        />
        <div className={styles.page}>
          <AdminGate>
            {(admin) => <AdminDetail kind={kind} id={appId} admin={admin} locale={toLocale(locale)} />}
          </AdminGate>
        </div>
      </>
    );
  },
});
