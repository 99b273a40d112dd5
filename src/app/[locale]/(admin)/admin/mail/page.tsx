import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { TitleBar } from '@/features/layout/TitleBar';
import { MailQueue } from '@/features/user/MailQueue';
import { outboxOverview } from '@/server/mail/admin';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'user.mailQueue' });
  return { title: t('title'), robots: { index: false } };
}

/** Administrators see mail that is waiting or failed, with the error, and can send it again. */
export default async function MailQueuePage({ params }: Props) {
  setRequestLocale((await params).locale);
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
