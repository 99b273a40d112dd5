import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { WatchLinkView } from '@/features/user/WatchLinkView';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ key?: string; action?: string }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'user.links' });
  return { title: t('watchTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/** Where domain-watch mails link to: confirm the watch, or stop it. */
export default async function WatchPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const { key, action } = await searchParams;
  const t = await getTranslations('user.links');
  return (
    <>
      <TitleBar title={t('watchTitle')} />
      {key ? (
        <WatchLinkView linkKey={key} action={action === 'unsubscribe' ? 'unsubscribe' : 'confirm'} />
      ) : (
        <LinkResult title={t('watchTitle')} text={t('missing')} ok={false} />
      )}
    </>
  );
}
