import { getTranslations } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { ReviewModeration } from '@/features/admin/ReviewModeration';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { moderationPage } from '@/server/market/ratings/moderate';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('reviews.admin.title');

/** Administrators go through reported reviews and hide them with a reason, or show hidden ones again. */
export default async function ReviewModerationPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('reviews.admin');
  return (
    <>
      <TitleBar title={t('title')} />
      <AdminGate>{() => <Reported />}</AdminGate>
    </>
  );
}

async function Reported() {
  return <ReviewModeration initial={await moderationPage({ view: 'reported', page: 1 })} />;
}
