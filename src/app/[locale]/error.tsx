'use client';

import { useTranslations } from 'next-intl';
import { useChunkReload } from '@/features/layout/chunk-reload';
import { LoadingOverlay } from '@/features/layout/LoadingOverlay';
import { StatusPage } from '@/features/layout/StatusPage';

/**
 * A page that failed to render: a fallback message, a retry and a link home, never a blank screen. A page whose
 * code could not be loaded reloads instead, at most once a minute.
 */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations();
  if (useChunkReload(error)) return <LoadingOverlay />;
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
