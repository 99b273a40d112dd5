'use client';

import { useTranslations } from 'next-intl';
import { StatusPage } from '@/features/layout/StatusPage';

/** A page that failed to render: a fallback message, a retry and a link home (spec §8). */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  return (
    <StatusPage
      code="500"
      title={t('error.title')}
      description={t('error.description')}
      homeLabel={t('common.backHome')}
      retry={{ label: t('error.retry'), onClick: reset }}
    />
  );
}
