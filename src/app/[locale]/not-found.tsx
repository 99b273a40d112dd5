import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <section style={{ textAlign: 'center', padding: '12vh 1rem' }}>
      <h1>404</h1>
      <p>{t('notFound.title')}</p>
      <Link href="/">{t('common.backHome')}</Link>
    </section>
  );
}
