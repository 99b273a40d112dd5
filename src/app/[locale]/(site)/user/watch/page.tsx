import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { WatchLinkView } from '@/features/user/WatchLinkView';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ key?: string; action?: string }>;
};

export const generateMetadata = privateMetadata('user.links.watchTitle', { fromMail: true });

/** Where domain-watch mails link to: confirm the watch, or stop it. */
export default async function WatchPage({ params, searchParams }: Props) {
  await pageLocale(params);
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
