import { getTranslations } from 'next-intl/server';
import { feedbackTargetsSchema } from '@/contract/feedback';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { FeedbackForm } from '@/features/market/feedback/FeedbackForm';
import styles from '@/features/market/Market.module.css';
import { feedbackTargets } from '@/server/market/feedback/targets';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ type?: string; id?: string }>;
};

export const generateMetadata = privateMetadata('feedback.page.title', {
  description: 'feedback.page.metaDescription',
});

/** Problem feedback; `?type=plugin|theme&id=N` (an item page's "Report a problem") pre-fills the item. */
export default async function Page({ params, searchParams }: Props) {
  await pageLocale(params);
  const t = await getTranslations('feedback.page');
  const { type, id } = await searchParams;
  const query = feedbackTargetsSchema.parse({ type, id });
  const initial = query.id ? ((await feedbackTargets({ ...query, name: '' })).list[0] ?? null) : null;
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.page}>
        <FeedbackForm initial={initial} type={query.type} />
      </div>
    </>
  );
}
