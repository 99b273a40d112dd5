import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { AddStation } from '@/features/resource/AddStation';
import styles from '@/features/resource/Manage.module.css';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('resource.add.title');

/** Private page: add a resource station in two steps. */
export default async function AddStationPage({ params }: Props) {
  await pageLocale(params);
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
