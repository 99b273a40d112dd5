import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import styles from '@/features/resource/Manage.module.css';
import { StationsView } from '@/features/resource/StationsView';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('resource.list.title');

/** Private page: the developer's stations (and the review for administrators), per request. */
export default async function StationsPage({ params }: Props) {
  await pageLocale(params);
  const row = await pageUser();
  const t = await getTranslations('resource.list');
  const market = await getTranslations('market');
  return (
    <>
      <TitleBar title={t('title')} crumbs={[{ label: market('center.title'), href: '/market/devCenter' }]} />
      <div className={styles.page}>
        <StationsView serverUser={row ? presentUser(row) : null} />
      </div>
    </>
  );
}
