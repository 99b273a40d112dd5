'use client';

import { useTranslations } from 'next-intl';
import { useChunkReload } from '@/features/layout/chunk-reload';
import { useDocumentStatus } from '@/features/layout/document-status';
import { LoadingOverlay } from '@/features/layout/LoadingOverlay';
import { StatusPage } from '@/features/layout/StatusPage';

/**
 * A page that failed to render: a fallback message, a retry and a link home. A page whose code could
 * not be loaded reloads instead, at most once a minute. A page answered 503 (the database was
 * unavailable) says so, and that trying again in a few seconds helps.
 */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations();
  const unavailable = useDocumentStatus() === 503;
  if (useChunkReload(error)) return <LoadingOverlay />;
  return (
    <StatusPage
      code={unavailable ? '503' : '500'}
      title={unavailable ? t('http.503') : t('error.title')}
      description={unavailable ? t('api.unavailable') : t('error.description')}
      homeLabel={t('common.backHome')}
      retry={{ label: t('error.retry'), onClick: reset }}
    />
  );
}
