import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/features/layout/StatusPage';

/** Pages that call forbidden() (the audit pages, for anyone but administrators): HTTP 403. */
export default async function Forbidden() {
  const t = await getTranslations();
  return (
    <StatusPage
      code="403"
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      homeLabel={t('common.backHome')}
    />
  );
}
