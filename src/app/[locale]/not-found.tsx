import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/features/layout/StatusPage';

/** Unknown pages (the catch-all calls notFound()): HTTP 404 with the localized layout. */
export default async function NotFound() {
  const t = await getTranslations();
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      description={t('notFound.description')}
      homeLabel={t('common.backHome')}
    />
  );
}
