import { getTranslations } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { SampleReview } from '@/features/domain/admin/SampleReview';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { env } from '@/server/config/env';
import { listSamples } from '@/server/domain/samples/list-samples';
import { CLEAN_CORPUS } from '@/server/domain/signatures/corpus';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('domain.admin.title');

/** Administrators review feature samples: each is tested against the clean corpus before it may become a signature. */
export default async function DomainSamplesPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('domain.admin');
  return (
    <>
      <TitleBar title={t('title')} />
      <AdminGate>{() => <Samples />}</AdminGate>
    </>
  );
}

async function Samples() {
  return (
    <SampleReview product={env().PRODUCT} initial={await listSamples()} corpusFiles={CLEAN_CORPUS.length} />
  );
}
