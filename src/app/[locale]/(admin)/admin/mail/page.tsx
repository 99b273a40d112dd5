import { getTranslations } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { MailQueue } from '@/features/user/MailQueue';
import { outboxOverview } from '@/server/mail/admin';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('user.mailQueue.title');

/** Administrators see mail that is waiting or failed, with the error, and can send it again. */
export default async function MailQueuePage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('user.mailQueue');
  return (
    <>
      <TitleBar title={t('title')} />
      <AdminGate>{() => <Queue />}</AdminGate>
    </>
  );
}

async function Queue() {
  return <MailQueue initial={await outboxOverview()} />;
}
